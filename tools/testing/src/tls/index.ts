export * from './test-certificates.js';
export * from './tls-front.js';
