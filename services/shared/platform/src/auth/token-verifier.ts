import { createRemoteJWKSet, customFetch, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { DEFAULT_ORGANISATION_CLAIMS, tokenMembership, type OrganisationClaimNames, type TokenIssuer } from './organisation-claims.js';

export const TOKEN_VERIFIER = Symbol('TOKEN_VERIFIER');

export interface AuthenticatedUser {
  uid: string;
  email?: string;
  name?: string;
  /** The session the token belongs to: its `sid` (Cairn's and Keycloak's sessions), else its `jti`. */
  sessionId?: string;
  /** When the user last proved who they are (the `auth_time` claim, epoch seconds). */
  authTime?: number;
  /** The hospital the user belongs to, from the token's claims; absent for a user of no organisation. */
  organisation?: Organisation;
  /** The user's roles in their organisation (`editor`, `administrator`); empty for a member. */
  roles?: OrganisationRole[];
}

export interface Organisation {
  id: string;
  name: string;
}

export const ORGANISATION_ROLES = ['editor', 'administrator'] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];

/** Editors publish to the hospital library and read its approval trail; an administrator is also an editor. */
export const isEditor = (user: AuthenticatedUser) => Boolean(user.organisation && user.roles?.some((role) => role === 'editor' || role === 'administrator'));

export interface TokenVerifier {
  verify(token: string): Promise<AuthenticatedUser>;
}

/**
 * Where verification keys come from: a JWKS URL (Keycloak, or the accounts service seen from another
 * service) or, in the process that hosts accounts, its key ring directly.
 */
export class KeySource {
  private getKey: JWTVerifyGetKey | null;

  private constructor(getKey: JWTVerifyGetKey | null) {
    this.getKey = getKey;
  }

  /** `fetcher` trusts the issuer's CA where it has a private one (OIDC_CA_FILE). */
  static remote(jwksUrl: string, fetcher: typeof fetch = fetch): KeySource {
    return new KeySource(createRemoteJWKSet(new URL(jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 600_000, [customFetch]: fetcher }));
  }

  static local(): KeySource {
    return new KeySource(null);
  }

  /** Called by the accounts module of the same process. */
  provide(getKey: JWTVerifyGetKey): void {
    this.getKey = getKey;
  }

  resolver(): JWTVerifyGetKey {
    if (!this.getKey) throw new Error('no token verification keys: set AUTH_JWKS_URL or host the accounts module');
    return this.getKey;
  }
}

/** Verified tokens are remembered (until they expire) so a busy client is not re-verified on every call. */
const VERIFIED_CACHE_LIMIT = 10_000;

export class JoseTokenVerifier implements TokenVerifier {
  private readonly verified = new Map<string, { user: AuthenticatedUser; expiresAt: number }>();

  constructor(
    private readonly keys: KeySource,
    private readonly options: { issuer: string; audience?: string; organisationClaims?: OrganisationClaimNames; tokens?: TokenIssuer },
  ) {}

  async verify(token: string): Promise<AuthenticatedUser> {
    const cached = this.verified.get(token);
    if (cached && cached.expiresAt > Date.now()) return cached.user;
    this.verified.delete(token);
    const { payload } = await jwtVerify(token, this.keys.resolver(), {
      issuer: this.options.issuer,
      audience: this.options.audience || undefined,
      algorithms: ['ES256', 'RS256'],
    });
    const user = toUser(payload, this.options.organisationClaims ?? DEFAULT_ORGANISATION_CLAIMS, this.options.tokens);
    if (payload.exp) {
      if (this.verified.size >= VERIFIED_CACHE_LIMIT) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { user, expiresAt: payload.exp * 1000 });
    }
    return user;
  }
}

export function toUser(payload: JWTPayload, organisationClaims: OrganisationClaimNames = DEFAULT_ORGANISATION_CLAIMS, tokens: TokenIssuer = 'oidc'): AuthenticatedUser {
  if (!payload.sub) throw new Error('token has no subject');
  const claim = (name: string) => (typeof payload[name] === 'string' ? (payload[name] as string) : undefined);
  return {
    uid: payload.sub,
    email: claim('email'),
    name: claim('name') ?? claim('preferred_username'),
    sessionId: claim('sid') ?? payload.jti,
    authTime: typeof payload.auth_time === 'number' ? payload.auth_time : undefined,
    ...tokenMembership(payload, organisationClaims, tokens),
  };
}
