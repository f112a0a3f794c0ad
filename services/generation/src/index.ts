export { GenerationModule } from './generation.module.js';
export { GenerationAppModule } from './app.module.js';
export { support } from './grounding/support.js';
export { groundSteps, judge, SUPPORT_THRESHOLD, type CitedStep, type GroundingReport } from './grounding/grounding-check.js';
export type { Source } from './sources/source.js';
