export { ConversationsModule } from './conversations.module.js';
export { ConversationsAppModule } from './app.module.js';
