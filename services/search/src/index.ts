export { SearchModule } from './search.module.js';
export { SearchAppModule } from './app.module.js';
