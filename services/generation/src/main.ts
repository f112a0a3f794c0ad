import { runService } from '@cairn/platform';
import { GenerationAppModule } from './app.module.js';

await runService('generation', 8082, (config) => GenerationAppModule.forRoot(config));
