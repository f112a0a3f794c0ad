export { SavedProtocolsModule } from './saved-protocols.module.js';
export { SavedProtocolsAppModule } from './app.module.js';
