export { StandaloneModule } from './standalone.module.js';
export { serveFrontends, REMOTES, SPA_ROUTES, type RuntimeConfig } from './frontends.js';
