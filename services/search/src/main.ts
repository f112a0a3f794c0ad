import { runService } from '@cairn/platform';
import { SearchAppModule } from './app.module.js';

await runService('search', 8081, (config) => SearchAppModule.forRoot(config));
