import { browserTimers, type Timers } from '../api/api-client';
import { AccountsResource, toAuthError, type AuthResponse } from './accounts.resource';
import { AuthError, type AuthClient, type AuthStateListener, type CairnUser, type SignUpInput } from './auth-client';
import { isSessionExpired, LEGACY_SESSION_STORAGE_KEY, sessionFromAuthResponse, type AuthNotice, type KeyValueStorage, type Session } from './session';

/** The access token is renewed this long before it expires. */
export const REFRESH_AHEAD_MS = 60_000;
/** After a renewal the service could not answer, the next try comes this much later (while the token lasts). */
export const REFRESH_RETRY_MS = 15_000;

export interface BrowserTabs {
  announce(notice: AuthNotice): void;
  /** Calls `onNotice` with what another tab announced; returns the unsubscribe. */
  listen(onNotice: (notice: AuthNotice) => void): () => void;
}

export interface LocalAuthClientOptions {
  accounts: AccountsResource;
  /** Only to remove a token that an earlier version left there. */
  storage?: KeyValueStorage;
  now?: () => number;
  timers?: Timers;
  externalProviderStartUrl?: string;
  openExternalProviderPopup?: (startUrl: string) => Promise<AuthResponse>;
  tabs?: BrowserTabs;
}

/**
 * Signs in against the accounts service. The access token (15 minutes) lives in memory only and is
 * renewed before it expires from the httpOnly refresh cookie, which is also how a reload or a new tab
 * finds the session again.
 */
export class LocalAuthClient implements AuthClient {
  readonly passwordSignIn = true;
  private session: Session | null = null;
  private initialised = false;
  private initialisation: Promise<void> | null = null;
  private renewal: Promise<Session | null> | null = null;
  private renewTimer: unknown = null;
  private readonly listeners = new Set<AuthStateListener>();
  private readonly now: () => number;
  private readonly timers: Timers;

  constructor(private readonly options: LocalAuthClientOptions) {
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? browserTimers;
  }

  get hasExternalProvider(): boolean {
    return Boolean(this.options.externalProviderStartUrl && this.options.openExternalProviderPopup);
  }

  init(): Promise<void> {
    this.initialisation ??= this.restore();
    return this.initialisation;
  }

  currentUser(): CairnUser | null {
    return this.session?.user ?? null;
  }

  onAuthStateChanged(listener: AuthStateListener): () => void {
    this.listeners.add(listener);
    if (this.initialised) listener(this.currentUser());
    return () => {
      this.listeners.delete(listener);
    };
  }

  async getAccessToken(): Promise<string | null> {
    if (!this.session) return null;
    if (!isSessionExpired(this.session, this.now() + 5_000)) return this.session.accessToken;
    const renewed = await this.renew();
    if (renewed) return renewed.accessToken;
    return this.session && !isSessionExpired(this.session, this.now()) ? this.session.accessToken : null;
  }

  async signIn(email: string, password: string): Promise<CairnUser> {
    return this.adopt(await this.options.accounts.login(email.trim(), password), 'signed-in');
  }

  async signUp(input: SignUpInput): Promise<CairnUser> {
    const response = await this.options.accounts.signUp({
      email: input.email.trim(),
      password: input.password,
      displayName: input.displayName.trim(),
    });
    return this.adopt(response, 'signed-in');
  }

  async signInWithExternalProvider(): Promise<CairnUser> {
    const { externalProviderStartUrl, openExternalProviderPopup } = this.options;
    if (!externalProviderStartUrl || !openExternalProviderPopup) {
      throw new AuthError('unknown', 'No external identity provider is configured');
    }
    try {
      return this.adopt(await openExternalProviderPopup(externalProviderStartUrl), 'signed-in');
    } catch (error) {
      throw toAuthError(error);
    }
  }

  /** With a password, proves it inside this session; without, signs in again at the provider in the popup, as the same user. */
  async reauthenticate(password?: string): Promise<void> {
    const token = await this.getAccessToken();
    if (!token) throw new AuthError('session_ended', 'Your session has ended. Please log in again.', 401);
    if (password !== undefined) {
      this.adopt(await this.options.accounts.reauthenticate(token, password));
      return;
    }
    const { externalProviderStartUrl, openExternalProviderPopup } = this.options;
    if (!externalProviderStartUrl || !openExternalProviderPopup) throw new AuthError('unknown', 'No external identity provider is configured');
    let response: AuthResponse;
    try {
      response = await openExternalProviderPopup(`${externalProviderStartUrl}?prompt=login`);
    } catch (error) {
      throw toAuthError(error);
    }
    if (response.user.uid !== this.session?.user.uid) {
      await this.options.accounts.logout(response.access_token).catch(() => undefined);
      throw new AuthError('user_mismatch', 'Signed in as a different user');
    }
    this.adopt(response);
    await this.options.accounts.logout(token).catch(() => undefined);
  }

  requestPasswordReset(email: string): Promise<void> {
    return this.options.accounts.requestPasswordReset(email.trim());
  }

  confirmPasswordReset(token: string, password: string): Promise<void> {
    return this.options.accounts.confirmPasswordReset(token, password);
  }

  async updateDisplayName(displayName: string): Promise<CairnUser> {
    const user = await this.options.accounts.updateMe(displayName.trim());
    if (this.session) this.replaceSession({ ...this.session, user });
    return user;
  }

  /** Forgets the session here and in the other tabs at once; the server is told to end it (an unreachable server cannot keep the user signed in). */
  async signOut(): Promise<void> {
    const token = this.session?.accessToken;
    this.replaceSession(null);
    this.options.tabs?.announce('signed-out');
    if (token) await this.options.accounts.logout(token).catch(() => undefined);
  }

  private async restore(): Promise<void> {
    this.options.storage?.removeItem(LEGACY_SESSION_STORAGE_KEY);
    this.session = await this.renewFromCookie();
    this.initialised = true;
    this.scheduleRenewal();
    this.options.tabs?.listen((notice) => this.followOtherTab(notice));
    this.emit();
  }

  /** The session in the refresh cookie, or null when there is none (or the service cannot be reached). */
  private async renewFromCookie(): Promise<Session | null> {
    try {
      return sessionFromAuthResponse(await this.options.accounts.refresh(), this.now());
    } catch {
      return null;
    }
  }

  /** One renewal at a time; a refusal signs out, an unreachable service is asked again a little later. */
  private renew(): Promise<Session | null> {
    this.renewal ??= this.options.accounts
      .refresh()
      .then((response) => {
        this.replaceSession(sessionFromAuthResponse(response, this.now()));
        return this.session;
      })
      .catch((error: unknown) => {
        const refused = error instanceof AuthError && (error.status === 401 || error.status === 403);
        if (refused || !this.session) this.replaceSession(null);
        else this.scheduleRenewal(REFRESH_RETRY_MS);
        return null;
      })
      .finally(() => {
        this.renewal = null;
      });
    return this.renewal;
  }

  private followOtherTab(notice: AuthNotice): void {
    if (notice === 'signed-out') {
      this.replaceSession(null);
      return;
    }
    void this.renew();
  }

  private adopt(response: AuthResponse, notice?: AuthNotice): CairnUser {
    const session = sessionFromAuthResponse(response, this.now());
    this.replaceSession(session);
    if (notice) this.options.tabs?.announce(notice);
    return session.user;
  }

  private replaceSession(session: Session | null): void {
    const changed = session?.user.uid !== this.session?.user.uid || session?.user.displayName !== this.session?.user.displayName;
    this.session = session;
    this.scheduleRenewal();
    if (changed || !session) this.emit();
  }

  private scheduleRenewal(wait?: number): void {
    if (this.renewTimer !== null) this.timers.clearTimeout(this.renewTimer);
    this.renewTimer = null;
    if (!this.session) return;
    const due = wait ?? Math.max(this.session.expiresAt - REFRESH_AHEAD_MS - this.now(), 0);
    this.renewTimer = this.timers.setTimeout(() => {
      this.renewTimer = null;
      void this.renew();
    }, due);
  }

  private emit(): void {
    const user = this.currentUser();
    for (const listener of [...this.listeners]) listener(user);
  }
}
