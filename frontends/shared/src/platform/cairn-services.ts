import { useSyncExternalStore } from 'react';
import { ApiClient } from '../api/api-client';
import type { AuthClient, CairnUser } from '../auth/auth-client';
import { createAuthClient } from '../auth/create-auth-client';
import type { RuntimeConfig } from '../config/runtime-config';

export interface CairnServices {
  config: RuntimeConfig;
  api: ApiClient;
  auth: AuthClient;
}

let services: CairnServices | null = null;

/**
 * Creates the API and auth clients once, from the runtime config. This package is a Module Federation
 * singleton, so the clients the shell configures here are the very ones the remotes get from getCairn().
 */
export function configureCairn(config: RuntimeConfig): CairnServices {
  let auth: AuthClient | null = null;
  const api = new ApiClient({ baseUrl: config.apiBaseUrl, getAccessToken: () => auth?.getAccessToken() ?? null });
  auth = createAuthClient(config.auth, api);
  services = { config, api, auth };
  return services;
}

export function getCairn(): CairnServices {
  if (!services) throw new Error('Cairn services are not configured: the shell calls configureCairn() at start');
  return services;
}

export function useCurrentUser(): CairnUser | null {
  const { auth } = getCairn();
  return useSyncExternalStore(
    (onChange) => auth.onAuthStateChanged(onChange),
    () => auth.currentUser(),
  );
}
