import { z } from 'zod';
import { fetchTrusting, parseEnv, readCaBundle } from '@cairn/platform';

const schema = z
  .object({
    OIDC_ISSUER_URL: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_SCOPES: z.string().default('openid email profile'),
    OIDC_REDIRECT_URI: z.url().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.OIDC_ISSUER_URL && !env.OIDC_CLIENT_ID) ctx.addIssue({ code: 'custom', path: ['OIDC_CLIENT_ID'], message: 'is required with OIDC_ISSUER_URL' });
  });

export interface OidcSettings {
  issuer: string;
  clientId: string;
  /** Unset for a public client (PKCE alone). */
  clientSecret?: string;
  scopes: string;
  /** Where the provider sends the browser back; unset, it is read from the request to /auth/oidc/start. */
  redirectUri?: string;
  /** Trusts the issuer's private CA (OIDC_CA_FILE) besides the system roots. */
  fetch: typeof fetch;
}

export const OIDC_SETTINGS = Symbol('OIDC_SETTINGS');

/** The one external provider the accounts service federates, or null when `OIDC_ISSUER_URL` is unset. */
export function oidcSettings(env: NodeJS.ProcessEnv): OidcSettings | null {
  const parsed = parseEnv(schema, env);
  if (!parsed.OIDC_ISSUER_URL) return null;
  return {
    issuer: parsed.OIDC_ISSUER_URL.replace(/\/$/, ''),
    clientId: parsed.OIDC_CLIENT_ID!,
    clientSecret: parsed.OIDC_CLIENT_SECRET,
    scopes: parsed.OIDC_SCOPES,
    redirectUri: parsed.OIDC_REDIRECT_URI,
    fetch: fetchTrusting(readCaBundle('OIDC_CA_FILE', env.OIDC_CA_FILE)),
  };
}
