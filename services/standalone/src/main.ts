import { runService } from '@cairn/platform';
import { serveFrontends } from './frontends.js';
import { StandaloneModule } from './standalone.module.js';

const API_PREFIX = 'api';

await runService('standalone', 8080, (config) => StandaloneModule.forRoot(config), {
  prefix: API_PREFIX,
  hostsAccounts: true,
  afterCreate: (app) => serveFrontends(app.getHttpAdapter().getInstance(), { apiPrefix: API_PREFIX }),
});
