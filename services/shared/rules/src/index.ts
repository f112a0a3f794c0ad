export * from './auth.js';
export * from './messages.js';
export * from './samples.js';
export * from './titles.js';
export * from './upload.js';
