export * from './auth.js';
export * from './intent.js';
export * from './messages.js';
export * from './samples.js';
export * from './steps.js';
export * from './text/porter-stemmer.js';
export * from './titles.js';
export * from './upload.js';
