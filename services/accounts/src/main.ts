import { runService } from '@cairn/platform';
import { AccountsAppModule } from './app.module.js';

await runService('accounts', 8086, (config) => AccountsAppModule.forRoot(config), { hostsAccounts: true });
