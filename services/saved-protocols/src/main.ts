import { runService } from '@cairn/platform';
import { SavedProtocolsAppModule } from './app.module.js';

await runService('saved-protocols', 8084, (config) => SavedProtocolsAppModule.forRoot(config));
