/** Helpers that declare jest suites: import them from `@cairn/testing/suites`, only in spec files. */
export * from './servers/describe-on-servers.js';
