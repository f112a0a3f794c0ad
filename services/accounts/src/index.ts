export { AccountsModule } from './accounts.module.js';
export { AccountsAppModule } from './app.module.js';
