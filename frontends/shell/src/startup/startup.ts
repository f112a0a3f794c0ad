import { configureCairn, loadRuntimeConfig, OIDC_POPUP_PATH, runOidcPopup, type CairnServices } from '@cairn/frontend-shared';
import { registerCairnRemotes } from '../remotes/remote-registry';
import { watchUserSwitch } from '../session/user-switch';

/** Reads the runtime config, wires the clients and remotes, and waits until the sign-in state is known. */
export async function startCairn(): Promise<CairnServices> {
  const config = await loadRuntimeConfig();
  if (config.auth.mode === 'oidc' && window.location.pathname === OIDC_POPUP_PATH) {
    await runOidcPopup(config.auth);
    return new Promise<never>(() => {});
  }
  const services = configureCairn(config);
  registerCairnRemotes(config.remotes);
  await services.auth.init();
  watchUserSwitch(services.auth);
  return services;
}
