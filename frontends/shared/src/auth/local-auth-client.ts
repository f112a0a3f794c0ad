import { browserTimers, type Timers } from '../api/api-client';
import { AccountsResource, toAuthError, type AuthResponse } from './accounts.resource';
import { AuthError, type AuthClient, type AuthStateListener, type CairnUser, type SignUpInput } from './auth-client';
import {
  isSessionExpired,
  readSession,
  sessionFromAuthResponse,
  writeSession,
  type KeyValueStorage,
  type Session,
} from './session';

/** setTimeout cannot wait longer than this (about 24.8 days); longer tokens are checked again then. */
const MAX_TIMER_MS = 2_147_483_647;

export interface LocalAuthClientOptions {
  accounts: AccountsResource;
  storage: KeyValueStorage;
  now?: () => number;
  timers?: Timers;
  externalProviderStartUrl?: string;
  openExternalProviderPopup?: (startUrl: string) => Promise<AuthResponse>;
  /** Subscribes to changes of the stored session made in another browser tab. */
  watchStoredSession?: (onChange: () => void) => () => void;
}

/** Signs in against the accounts service and keeps the session (token, expiry, user) in storage. */
export class LocalAuthClient implements AuthClient {
  private session: Session | null = null;
  private initialised = false;
  private initialisation: Promise<void> | null = null;
  private expiryTimer: unknown = null;
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
    if (isSessionExpired(this.session, this.now())) {
      this.replaceSession(null);
      return null;
    }
    return this.session.accessToken;
  }

  async signIn(email: string, password: string): Promise<CairnUser> {
    return this.adopt(await this.options.accounts.login(email.trim(), password));
  }

  async signUp(input: SignUpInput): Promise<CairnUser> {
    const response = await this.options.accounts.signUp({
      email: input.email.trim(),
      password: input.password,
      displayName: input.displayName.trim(),
    });
    return this.adopt(response);
  }

  async signInWithExternalProvider(): Promise<CairnUser> {
    const { externalProviderStartUrl, openExternalProviderPopup } = this.options;
    if (!externalProviderStartUrl || !openExternalProviderPopup) {
      throw new AuthError('unknown', 'No external identity provider is configured');
    }
    try {
      return this.adopt(await openExternalProviderPopup(externalProviderStartUrl));
    } catch (error) {
      throw toAuthError(error);
    }
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

  /** Forgets the session here at once; the server is told to end it too (an unreachable server cannot keep the user signed in). */
  async signOut(): Promise<void> {
    const token = this.session?.accessToken;
    this.replaceSession(null);
    if (token) await this.options.accounts.logout(token).catch(() => undefined);
  }

  private async restore(): Promise<void> {
    this.session = await this.verifiedStoredSession();
    writeSession(this.options.storage, this.session);
    this.initialised = true;
    this.scheduleExpiry();
    this.options.watchStoredSession?.(() => this.followStoredSession());
    this.emit();
  }

  private async verifiedStoredSession(): Promise<Session | null> {
    const stored = readSession(this.options.storage);
    if (!stored || isSessionExpired(stored, this.now())) return null;
    try {
      return { ...stored, user: await this.options.accounts.me(stored.accessToken) };
    } catch (error) {
      const status = error instanceof AuthError ? error.status : undefined;
      // Only a refusal ends the session; an unreachable service must not sign a clinician out.
      return status === 401 || status === 403 ? null : stored;
    }
  }

  private followStoredSession(): void {
    const stored = readSession(this.options.storage);
    const usable = stored && !isSessionExpired(stored, this.now()) ? stored : null;
    if (usable?.accessToken === this.session?.accessToken) return;
    this.session = usable;
    this.scheduleExpiry();
    this.emit();
  }

  private adopt(response: AuthResponse): CairnUser {
    const session = sessionFromAuthResponse(response, this.now());
    this.replaceSession(session);
    return session.user;
  }

  private replaceSession(session: Session | null): void {
    this.session = session;
    writeSession(this.options.storage, session);
    this.scheduleExpiry();
    this.emit();
  }

  private scheduleExpiry(): void {
    if (this.expiryTimer !== null) this.timers.clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    if (!this.session) return;
    const wait = Math.min(Math.max(this.session.expiresAt - this.now(), 0), MAX_TIMER_MS);
    this.expiryTimer = this.timers.setTimeout(() => {
      this.expiryTimer = null;
      if (this.session && isSessionExpired(this.session, this.now())) this.replaceSession(null);
      else this.scheduleExpiry();
    }, wait);
  }

  private emit(): void {
    const user = this.currentUser();
    for (const listener of [...this.listeners]) listener(user);
  }
}
