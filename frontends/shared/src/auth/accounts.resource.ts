import type { ApiClient } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { AuthError, type AuthFailure, type CairnUser, type SignUpInput } from './auth-client';

export interface AuthResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  user: CairnUser;
}

/**
 * The stored session is checked before the app first renders, so that check must not hold the start-up
 * for the full request budget: without an answer in time, the stored session is kept.
 */
export const SESSION_CHECK_TIMEOUT_MS = 5_000;

const KNOWN_CATEGORIES: ReadonlySet<string> = new Set<AuthFailure>([
  'missing_fields',
  'password_mismatch',
  'invalid_email',
  'weak_password',
  'email_in_use',
  'user_not_found',
  'wrong_password',
  'user_disabled',
  'too_many_attempts',
  'invalid_token',
  'session_ended',
  'requires_recent_login',
  'invalid_credential',
]);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function isCairnUser(value: unknown): value is CairnUser {
  return isRecord(value) && typeof value.uid === 'string' && value.uid.length > 0 && typeof value.email === 'string';
}

export function isAuthResponse(value: unknown): value is AuthResponse {
  return (
    isRecord(value) &&
    typeof value.access_token === 'string' &&
    typeof value.expires_in === 'number' &&
    isCairnUser(value.user)
  );
}

export function normaliseUser(user: CairnUser): CairnUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName ?? '',
    photoURL: user.photoURL ?? null,
    provider: user.provider === 'oidc' ? 'oidc' : 'password',
  };
}

/** Turns any failure of an accounts call into an AuthError carrying the service's category. */
export function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  if (error instanceof ApiError) {
    if (error.kind === 'network' || error.kind === 'timeout') return new AuthError('network', error.message);
    if (error.kind === 'cancelled') return new AuthError('cancelled', error.message);
    const failure = error.category && KNOWN_CATEGORIES.has(error.category) ? (error.category as AuthFailure) : 'unknown';
    return new AuthError(failure, error.message, error.status);
  }
  return new AuthError('unknown', error instanceof Error ? error.message : String(error));
}

function expectAuthResponse(value: unknown): AuthResponse {
  if (!isAuthResponse(value)) throw new AuthError('unknown', 'The accounts service sent an unexpected answer');
  return { ...value, user: normaliseUser(value.user) };
}

function expectUser(value: unknown): CairnUser {
  const user = isRecord(value) ? value.user : undefined;
  if (!isCairnUser(user)) throw new AuthError('unknown', 'The accounts service sent an unexpected answer');
  return normaliseUser(user);
}

/**
 * Calls of the accounts service. Sign-in, sign-up and reset are not retried: a 429 there means
 * too many failed attempts, and repeating a sign-up could race the first one.
 */
export class AccountsResource {
  constructor(private readonly api: ApiClient) {}

  async signUp(input: SignUpInput): Promise<AuthResponse> {
    return this.call(async () =>
      expectAuthResponse(await this.api.post('/auth/signup', input, { authenticated: false, retries: 0 })),
    );
  }

  async login(email: string, password: string): Promise<AuthResponse> {
    return this.call(async () =>
      expectAuthResponse(await this.api.post('/auth/login', { email, password }, { authenticated: false, retries: 0 })),
    );
  }

  async me(accessToken: string): Promise<CairnUser> {
    return this.call(async () =>
      expectUser(
        await this.api.get('/auth/me', { bearerToken: accessToken, retries: 0, timeoutMs: SESSION_CHECK_TIMEOUT_MS }),
      ),
    );
  }

  /** A new access token for the session in the httpOnly refresh cookie (which the server rotates). */
  async refresh(): Promise<AuthResponse> {
    return this.call(async () =>
      expectAuthResponse(
        await this.api.post('/auth/refresh', undefined, { authenticated: false, retries: 0, timeoutMs: SESSION_CHECK_TIMEOUT_MS }),
      ),
    );
  }

  /** Proves the password again: the answer's token carries a fresh sign-in time, as account deletion asks. */
  async reauthenticate(accessToken: string, password: string): Promise<AuthResponse> {
    return this.call(async () =>
      expectAuthResponse(await this.api.post('/auth/reauthenticate', { password }, { bearerToken: accessToken, retries: 0 })),
    );
  }

  /** Ends the session on the server, so its token stops working everywhere. */
  async logout(accessToken: string): Promise<void> {
    await this.call(() => this.api.post('/auth/logout', undefined, { bearerToken: accessToken, retries: 0, timeoutMs: SESSION_CHECK_TIMEOUT_MS }));
  }

  async updateMe(displayName: string): Promise<CairnUser> {
    return this.call(async () => expectUser(await this.api.put('/auth/me', { displayName })));
  }

  async requestPasswordReset(email: string): Promise<void> {
    await this.call(() => this.api.post('/auth/password-reset', { email }, { authenticated: false, retries: 0 }));
  }

  async confirmPasswordReset(token: string, password: string): Promise<void> {
    await this.call(() =>
      this.api.post('/auth/password-reset/confirm', { token, password }, { authenticated: false, retries: 0 }),
    );
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toAuthError(error);
    }
  }
}
