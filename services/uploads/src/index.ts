export { UploadsModule } from './uploads.module.js';
export { UploadsAppModule } from './app.module.js';
