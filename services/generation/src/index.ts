export { GenerationModule } from './generation.module.js';
export { GenerationAppModule } from './app.module.js';
