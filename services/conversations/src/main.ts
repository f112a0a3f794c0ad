import { runService } from '@cairn/platform';
import { ConversationsAppModule } from './app.module.js';

await runService('conversations', 8083, (config) => ConversationsAppModule.forRoot(config));
