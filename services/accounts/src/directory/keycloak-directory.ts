import { z } from 'zod';
import { createLogger, fetchTrusting, parseEnv, readCaBundle } from '@cairn/platform';

const schema = z.object({
  KEYCLOAK_ADMIN_URL: z.url().optional(),
  KEYCLOAK_ADMIN_REALM: z.string().min(1).optional(),
  KEYCLOAK_ADMIN_CLIENT_ID: z.string().min(1).optional(),
  KEYCLOAK_ADMIN_CLIENT_SECRET: z.string().min(1).optional(),
});

export interface KeycloakDirectorySettings {
  /** Keycloak's base URL from inside the cluster, e.g. http://keycloak:8080 */
  url: string;
  realm: string;
  /** A confidential client with a service account holding realm-management's `manage-users` role. */
  clientId: string;
  clientSecret: string;
  /** Trusts the issuer's private CA (OIDC_CA_FILE) besides the system roots. */
  fetch: typeof fetch;
}

export const DIRECTORY = Symbol('DIRECTORY');

/** Reads KEYCLOAK_ADMIN_URL, _REALM, _CLIENT_ID and _CLIENT_SECRET; null when the URL is unset (Cairn then leaves identities to the directory). */
export function keycloakDirectorySettings(env: NodeJS.ProcessEnv): KeycloakDirectorySettings | null {
  const parsed = parseEnv(schema, env);
  if (!parsed.KEYCLOAK_ADMIN_URL) return null;
  const missing = (['KEYCLOAK_ADMIN_REALM', 'KEYCLOAK_ADMIN_CLIENT_ID', 'KEYCLOAK_ADMIN_CLIENT_SECRET'] as const).filter((name) => !parsed[name]);
  if (missing.length > 0) throw new Error(`${missing.join(', ')} must be set with KEYCLOAK_ADMIN_URL`);
  return { url: parsed.KEYCLOAK_ADMIN_URL.replace(/\/$/, ''), realm: parsed.KEYCLOAK_ADMIN_REALM!, clientId: parsed.KEYCLOAK_ADMIN_CLIENT_ID!, clientSecret: parsed.KEYCLOAK_ADMIN_CLIENT_SECRET!, fetch: fetchTrusting(readCaBundle('OIDC_CA_FILE', env.OIDC_CA_FILE)) };
}

/** Deletes a user from the hospital's Keycloak realm through its admin REST API (client credentials). */
export class KeycloakDirectory {
  private readonly logger = createLogger('keycloak-directory');

  constructor(private readonly settings: KeycloakDirectorySettings) {}

  async deleteUser(userId: string): Promise<void> {
    const { url, realm } = this.settings;
    const response = await this.settings.fetch(`${url}/admin/realms/${encodeURIComponent(realm)}/users/${encodeURIComponent(userId)}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${await this.adminToken()}` },
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status === 404) return;
    if (!response.ok) throw new Error(`Keycloak refused to delete user ${userId}: ${response.status}`);
    this.logger.info({ realm }, 'user deleted from Keycloak');
  }

  private async adminToken(): Promise<string> {
    const { url, realm, clientId, clientSecret } = this.settings;
    const response = await this.settings.fetch(`${url}/realms/${encodeURIComponent(realm)}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`Keycloak refused the admin client's credentials: ${response.status}`);
    return ((await response.json()) as { access_token: string }).access_token;
  }
}
