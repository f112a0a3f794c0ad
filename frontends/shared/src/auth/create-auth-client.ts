import type { ApiClient } from '../api/api-client';
import type { AuthConfig } from '../config/runtime-config';
import { AccountsResource } from './accounts.resource';
import type { AuthClient } from './auth-client';
import { openExternalProviderPopup } from './external-provider-popup';
import { LocalAuthClient } from './local-auth-client';
import { SESSION_STORAGE_KEY } from './session';

function watchStoredSession(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/** Picks the identity implementation named by the runtime config. */
export function createAuthClient(config: AuthConfig, api: ApiClient): AuthClient {
  if (config.mode === 'oidc') {
    throw new Error('auth.mode "oidc" is configured, but this build only contains the local accounts client');
  }
  return new LocalAuthClient({
    accounts: new AccountsResource(api),
    storage: window.localStorage,
    externalProviderStartUrl: config.externalProvider?.startUrl,
    openExternalProviderPopup: (startUrl) => openExternalProviderPopup(startUrl),
    watchStoredSession,
  });
}
