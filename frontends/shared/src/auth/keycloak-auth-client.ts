import type Keycloak from 'keycloak-js';
import type { OidcAuthConfig } from '../config/runtime-config';
import { AuthError, type AuthClient, type AuthStateListener, type CairnUser } from './auth-client';
import { createKeycloak, OIDC_SCOPES, openOidcPopup, type OidcTokens } from './oidc-popup';

/** A token this close to expiry is renewed (with the refresh token) before it is handed out. */
const MIN_VALIDITY_SECONDS = 30;
const PROVIDER_ONLY = 'This hospital signs in through its identity provider: use Continue with an external identity provider account';

/**
 * auth.mode "oidc": the hospital's Keycloak (or another OIDC provider) through keycloak-js. Sign-in runs
 * in a popup; the tokens live in memory only and are renewed with the refresh token; a reload finds the
 * provider session again with a silent check-sso.
 */
export class KeycloakAuthClient implements AuthClient {
  readonly hasExternalProvider = true;
  readonly passwordSignIn = false;
  private keycloak: Keycloak;
  private initialisation: Promise<void> | null = null;
  private initialised = false;
  private readonly listeners = new Set<AuthStateListener>();
  /** The same object until the user changes, as React's external-store reads expect. */
  private user: CairnUser | null = null;

  constructor(
    private readonly config: OidcAuthConfig,
    private readonly origin: string = window.location.origin,
  ) {
    this.keycloak = createKeycloak(config);
  }

  init(): Promise<void> {
    this.initialisation ??= this.keycloak
      .init({ onLoad: 'check-sso', silentCheckSsoRedirectUri: `${this.origin}/silent-check-sso.html`, pkceMethod: 'S256', checkLoginIframe: false, scope: OIDC_SCOPES })
      .catch(() => false)
      .then(() => {
        this.initialised = true;
        this.emit();
      });
    return this.initialisation;
  }

  currentUser(): CairnUser | null {
    return this.user;
  }

  onAuthStateChanged(listener: AuthStateListener): () => void {
    this.listeners.add(listener);
    if (this.initialised) listener(this.currentUser());
    return () => {
      this.listeners.delete(listener);
    };
  }

  async getAccessToken(): Promise<string | null> {
    if (!this.keycloak.authenticated) return null;
    if (!this.keycloak.isTokenExpired(MIN_VALIDITY_SECONDS)) return this.keycloak.token ?? null;
    try {
      await this.keycloak.updateToken(MIN_VALIDITY_SECONDS);
    } catch {
      this.keycloak.clearToken();
      this.emit();
      return null;
    }
    return this.keycloak.token ?? null;
  }

  async signInWithExternalProvider(): Promise<CairnUser> {
    await this.adopt(await openOidcPopup());
    const user = this.currentUser();
    if (!user) throw new AuthError('unknown', 'The identity provider sent no user');
    return user;
  }

  /** A fresh sign-in at the provider in the popup (for account deletion), as the same user only. */
  async reauthenticate(): Promise<void> {
    const uid = this.currentUser()?.uid;
    const next = await this.keycloakWith(await openOidcPopup({ reauthenticate: true }));
    if (next.tokenParsed?.sub !== uid) throw new AuthError('user_mismatch', 'Signed in as a different user');
    this.keycloak = next;
    this.emit();
  }

  signIn(): Promise<CairnUser> {
    return Promise.reject(new AuthError('unknown', PROVIDER_ONLY));
  }

  signUp(): Promise<CairnUser> {
    return Promise.reject(new AuthError('unknown', PROVIDER_ONLY));
  }

  requestPasswordReset(): Promise<void> {
    return Promise.reject(new AuthError('unknown', PROVIDER_ONLY));
  }

  confirmPasswordReset(): Promise<void> {
    return Promise.reject(new AuthError('unknown', PROVIDER_ONLY));
  }

  updateDisplayName(): Promise<CairnUser> {
    return Promise.reject(new Error('The name comes from your identity provider; change it there'));
  }

  /** Forgets the tokens here and ends the provider session (the page goes to the provider and back). */
  async signOut(): Promise<void> {
    const keycloak = this.keycloak;
    keycloak.clearToken();
    this.emit();
    await keycloak.logout({ redirectUri: `${this.origin}/` }).catch(() => undefined);
  }

  private async adopt(tokens: OidcTokens): Promise<void> {
    this.keycloak = await this.keycloakWith(tokens);
    this.emit();
  }

  /** A keycloak-js instance holding the tokens the popup handed over (it renews them itself). */
  private async keycloakWith(tokens: OidcTokens): Promise<Keycloak> {
    const keycloak = createKeycloak(this.config);
    await keycloak.init({ ...tokens, checkLoginIframe: false, pkceMethod: 'S256' });
    return keycloak;
  }

  private emit(): void {
    const next = userFromClaims(this.keycloak);
    if (JSON.stringify(next) !== JSON.stringify(this.user)) this.user = next;
    for (const listener of [...this.listeners]) listener(this.user);
  }
}

function userFromClaims(keycloak: Keycloak): CairnUser | null {
  const claims = keycloak.authenticated ? (keycloak.idTokenParsed ?? keycloak.tokenParsed) : undefined;
  if (!claims?.sub) return null;
  const text = (name: string) => (typeof claims[name] === 'string' ? (claims[name] as string) : '');
  return { uid: claims.sub, email: text('email'), displayName: text('name') || text('preferred_username'), photoURL: text('picture') || null, provider: 'oidc' };
}
