import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteName, type RuntimeConfig } from '@cairn/frontend-shared';
import type { ComponentType } from 'react';

interface RemoteRegistration {
  name: string;
  alias: RemoteName;
  entry: string;
}

const registrations = new Map<RemoteName, RemoteRegistration>();

/** Container names are prefixed so a remote never shadows a browser global such as `window.chat`. */
const containerName = (remote: RemoteName) => `cairn_${remote}`;

/** Registers the remotes listed in the runtime config; their manifest URLs are known only at run time. */
export function registerCairnRemotes(remotes: RuntimeConfig['remotes'], baseUrl: string = window.location.href): void {
  for (const remote of REMOTE_NAMES) {
    const url = remotes[remote];
    if (url) registrations.set(remote, { name: containerName(remote), alias: remote, entry: new URL(url, baseUrl).href });
  }
  registerRemotes([...registrations.values()]);
}

/** Loads a remote's `./Module`. After a failure, the remote is registered anew so a retry fetches it again. */
export async function loadRemoteComponent<P extends object>(remote: RemoteName, isRetry: boolean): Promise<ComponentType<P>> {
  const registration = registrations.get(remote);
  if (!registration) throw new Error(`No manifest URL is configured for the ${remote} remote`);
  if (isRetry) registerRemotes([registration], { force: true });
  const module = await loadRemote<{ default?: ComponentType<P> }>(`${remote}/Module`);
  if (!module?.default) throw new Error(`The ${remote} remote did not expose a component as ./Module`);
  return module.default;
}
