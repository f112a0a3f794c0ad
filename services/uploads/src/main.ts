import { runService } from '@cairn/platform';
import { UploadsAppModule } from './app.module.js';

await runService('uploads', 8085, (config) => UploadsAppModule.forRoot(config));
