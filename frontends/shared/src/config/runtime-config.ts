export const REMOTE_NAMES = ['chat', 'sidebar', 'upload'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface ExternalProviderConfig {
  /** Page opened in the popup; it ends by posting the sign-in result to the opener (see external-provider-popup.ts). */
  startUrl: string;
}

export interface LocalAuthConfig {
  mode: 'local';
  externalProvider?: ExternalProviderConfig;
}

/** Keycloak (`url` + `realm`) or any OpenID Connect provider (`issuer`), with the browser app's public client. */
export type OidcAuthConfig = { mode: 'oidc'; clientId: string } & ({ url: string; realm: string } | { issuer: string });

export type AuthConfig = LocalAuthConfig | OidcAuthConfig;

export interface RuntimeConfig {
  apiBaseUrl: string;
  remotes: Partial<Record<RemoteName, string>>;
  auth: AuthConfig;
}

export const RUNTIME_CONFIG_URL = '/runtime-config.json';

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNonBlankString = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;

function requireString(source: Record<string, unknown>, key: string, path: string): string {
  const value = source[key];
  if (!isNonBlankString(value)) throw new RuntimeConfigError(`runtime config: "${path}" must be a non-empty string`);
  return value;
}

function parseAuth(value: unknown): AuthConfig {
  if (value === undefined) return { mode: 'local' };
  if (!isRecord(value)) throw new RuntimeConfigError('runtime config: "auth" must be an object');
  const mode = value.mode ?? 'local';
  if (mode === 'local') {
    if (value.externalProvider === undefined || value.externalProvider === null) return { mode: 'local' };
    if (!isRecord(value.externalProvider)) {
      throw new RuntimeConfigError('runtime config: "auth.externalProvider" must be an object');
    }
    return {
      mode: 'local',
      externalProvider: { startUrl: requireString(value.externalProvider, 'startUrl', 'auth.externalProvider.startUrl') },
    };
  }
  if (mode === 'oidc') {
    if (value.issuer !== undefined) {
      return { mode: 'oidc', issuer: requireString(value, 'issuer', 'auth.issuer'), clientId: requireString(value, 'clientId', 'auth.clientId') };
    }
    const url = requireString(value, 'url', 'auth.url');
    const realm = requireString(value, 'realm', 'auth.realm');
    return { mode: 'oidc', url, realm, clientId: requireString(value, 'clientId', 'auth.clientId') };
  }
  throw new RuntimeConfigError(`runtime config: "auth.mode" must be "local" or "oidc", got ${JSON.stringify(mode)}`);
}

function parseRemotes(value: unknown): RuntimeConfig['remotes'] {
  if (!isRecord(value)) throw new RuntimeConfigError('runtime config: "remotes" must be an object');
  const remotes: RuntimeConfig['remotes'] = {};
  for (const name of REMOTE_NAMES) {
    if (value[name] !== undefined) remotes[name] = requireString(value, name, `remotes.${name}`);
  }
  return remotes;
}

export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  if (!isRecord(json)) throw new RuntimeConfigError('runtime config: expected a JSON object');
  return {
    apiBaseUrl: requireString(json, 'apiBaseUrl', 'apiBaseUrl').replace(/\/+$/, ''),
    remotes: parseRemotes(json.remotes),
    auth: parseAuth(json.auth),
  };
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch, url = RUNTIME_CONFIG_URL): Promise<RuntimeConfig> {
  const response = await fetchImpl(url, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new RuntimeConfigError(`runtime config: ${url} answered ${response.status}`);
  return parseRuntimeConfig(await response.json());
}
