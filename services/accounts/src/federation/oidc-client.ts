import { createRemoteJWKSet, customFetch, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { claimAt, providerMembership, type Membership, type OrganisationClaimNames } from '@cairn/platform';
import type { OidcSettings } from './oidc-settings.js';

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  jwks_uri: string;
}

export interface ProviderClaims {
  subject: string;
  email?: string;
  name?: string;
  picture?: string;
  /** The organisation and roles the provider's claims give (AUTH_ORGANISATION_CLAIM and the rest); unknown when its userinfo refused to tell. */
  membership: Membership | null;
}

export class OidcError extends Error {
  constructor(
    readonly category: 'cancelled' | 'network' | 'unknown',
    message: string,
  ) {
    super(message);
  }
}

const ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];
const DISCOVERY_TTL_MS = 10 * 60_000;

/** The relying-party half of the authorization code flow with PKCE, over the provider's discovery document. */
export class OidcClient {
  private discovered: { at: number; document: Discovery; keys: JWTVerifyGetKey } | null = null;

  constructor(
    private readonly settings: OidcSettings,
    private readonly organisationClaims: OrganisationClaimNames,
  ) {}

  get issuer(): string {
    return this.settings.issuer;
  }

  async authorizationUrl(request: { redirectUri: string; state: string; nonce: string; codeChallenge: string; prompt?: string }): Promise<string> {
    const { document } = await this.discovery();
    const url = new URL(document.authorization_endpoint);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.settings.clientId,
      redirect_uri: request.redirectUri,
      scope: this.settings.scopes,
      state: request.state,
      nonce: request.nonce,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
      ...(request.prompt && { prompt: request.prompt, max_age: '0' }),
    }).toString();
    return url.toString();
  }

  /** Exchanges the code, verifies the ID token (issuer, audience, algorithm, nonce) and reads the claims. */
  async signIn(request: { code: string; codeVerifier: string; redirectUri: string; nonce: string }): Promise<ProviderClaims> {
    const { document, keys } = await this.discovery();
    const body = new URLSearchParams({ grant_type: 'authorization_code', code: request.code, redirect_uri: request.redirectUri, code_verifier: request.codeVerifier });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    if (this.settings.clientSecret) {
      headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(this.settings.clientId)}:${encodeURIComponent(this.settings.clientSecret)}`).toString('base64')}`;
    } else {
      body.set('client_id', this.settings.clientId);
    }
    const tokens = (await this.json(document.token_endpoint, { method: 'POST', headers, body })) as { id_token?: string; access_token?: string };
    if (!tokens.id_token) throw new OidcError('unknown', 'the provider sent no ID token');
    const { payload } = await jwtVerify(tokens.id_token, keys, { issuer: document.issuer, audience: this.settings.clientId, algorithms: ALGORITHMS });
    if (payload.nonce !== request.nonce) throw new OidcError('unknown', 'the ID token is not for this sign-in (nonce)');
    const info = await this.missingClaims(payload, document, tokens.access_token);
    const refused = info === null && !this.hasMembershipClaims(payload);
    const claims = { ...(info ?? {}), ...payload } as JWTPayload & Record<string, unknown>;
    const text = (name: string) => (typeof claims[name] === 'string' && claims[name] ? (claims[name] as string) : undefined);
    return {
      subject: payload.sub!,
      email: text('email'),
      name: text('name') ?? text('preferred_username'),
      picture: text('picture'),
      membership: refused ? null : providerMembership(claims, this.organisationClaims),
    };
  }

  /**
   * Userinfo, asked when the ID token lacks the profile or the organisation claims (Keycloak, for one, puts
   * roles in the ID token only when told to). Where only the organisation claims were missing, a provider
   * that refuses userinfo to this access token (null) leaves the membership as it was rather than failing the sign-in.
   */
  private async missingClaims(payload: JWTPayload, document: Discovery, accessToken: string | undefined): Promise<Record<string, unknown> | null> {
    const profiled = hasProfile(payload);
    if ((profiled && this.hasMembershipClaims(payload)) || !accessToken || !document.userinfo_endpoint) return {};
    try {
      return await this.userInfo(document.userinfo_endpoint, accessToken, payload.sub!);
    } catch (error) {
      if (profiled) return null;
      throw error;
    }
  }

  private hasMembershipClaims(payload: JWTPayload): boolean {
    return claimAt(payload, this.organisationClaims.organisation) !== undefined && claimAt(payload, this.organisationClaims.roles) !== undefined;
  }

  private async userInfo(endpoint: string, accessToken: string, subject: string): Promise<Record<string, unknown>> {
    const info = (await this.json(endpoint, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } })) as Record<string, unknown>;
    return info.sub === subject ? info : {};
  }

  private async discovery() {
    if (this.discovered && Date.now() - this.discovered.at < DISCOVERY_TTL_MS) return this.discovered;
    const document = (await this.json(`${this.settings.issuer}/.well-known/openid-configuration`)) as Discovery;
    if (document.issuer.replace(/\/$/, '') !== this.settings.issuer) throw new OidcError('unknown', `the provider names itself ${document.issuer}, not ${this.settings.issuer}`);
    this.discovered = { at: Date.now(), document, keys: createRemoteJWKSet(new URL(document.jwks_uri), { [customFetch]: this.settings.fetch }) };
    return this.discovered;
  }

  private async json(url: string, init?: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await this.settings.fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      throw new OidcError('network', `the identity provider could not be reached: ${(error as Error).message}`);
    }
    if (!response.ok) throw new OidcError('unknown', `the identity provider answered ${response.status} at ${new URL(url).pathname}`);
    return response.json();
  }
}

const hasProfile = (payload: JWTPayload) => typeof payload.email === 'string' && typeof payload.name === 'string';
