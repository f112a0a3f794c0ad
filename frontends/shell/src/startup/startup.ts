import { configureCairn, loadRuntimeConfig, type CairnServices } from '@cairn/frontend-shared';
import { registerCairnRemotes } from '../remotes/remote-registry';
import { watchUserSwitch } from '../session/user-switch';

/** Reads the runtime config, wires the clients and remotes, and waits until the sign-in state is known. */
export async function startCairn(): Promise<CairnServices> {
  const config = await loadRuntimeConfig();
  const services = configureCairn(config);
  registerCairnRemotes(config.remotes);
  await services.auth.init();
  watchUserSwitch(services.auth);
  return services;
}
