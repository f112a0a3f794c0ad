export * from './browser/chromium.js';
export * from './http/test-app.js';
export * from './http/store-backends.js';
export * from './http/test-tokens.js';
export * from './http/users.js';
export * from './kafka/index.js';
export * from './mongo/index.js';
export * from './process/spawn-service.js';
