import type { ApiClient } from '../api/api-client';
import type { AuthConfig } from '../config/runtime-config';
import { AccountsResource } from './accounts.resource';
import type { AuthClient } from './auth-client';
import { openExternalProviderPopup } from './external-provider-popup';
import { KeycloakAuthClient } from './keycloak-auth-client';
import { LocalAuthClient, type BrowserTabs } from './local-auth-client';
import { AUTH_NOTICE_KEY, readAuthNotice } from './session';

/** Sign-in and sign-out notices between this browser's tabs, through localStorage's storage event. */
const browserTabs: BrowserTabs = {
  announce: (notice) => window.localStorage.setItem(AUTH_NOTICE_KEY, `${notice}:${Date.now()}`),
  listen: (onNotice) => {
    const listener = (event: StorageEvent) => {
      const notice = event.key === AUTH_NOTICE_KEY ? readAuthNotice(event.newValue) : null;
      if (notice) onNotice(notice);
    };
    window.addEventListener('storage', listener);
    return () => window.removeEventListener('storage', listener);
  },
};

/** Picks the identity implementation named by the runtime config. */
export function createAuthClient(config: AuthConfig, api: ApiClient): AuthClient {
  if (config.mode === 'oidc') return new KeycloakAuthClient(config);
  return new LocalAuthClient({
    accounts: new AccountsResource(api),
    storage: window.localStorage,
    externalProviderStartUrl: config.externalProvider?.startUrl,
    openExternalProviderPopup: (startUrl) => openExternalProviderPopup(startUrl),
    tabs: browserTabs,
  });
}
