export { GenerationModule } from './generation.module.js';
export { GenerationAppModule } from './app.module.js';
export { support } from './grounding/support.js';
export { SUPPORT_THRESHOLD } from './grounding/grounding-check.js';
