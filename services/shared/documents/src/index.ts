export * from './file-type.js';
export * from './ocr.js';
export * from './pdf-text.js';
export * from './zip-archive.js';
