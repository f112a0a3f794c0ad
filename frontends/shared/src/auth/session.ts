import type { AuthResponse } from './accounts.resource';
import type { CairnUser } from './auth-client';

/** The signed-in session, kept in memory only: the refresh token lives in an httpOnly cookie no script can read. */
export interface Session {
  accessToken: string;
  /** Epoch milliseconds after which the token is no longer accepted. */
  expiresAt: number;
  user: CairnUser;
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Where earlier versions kept the token; removed on start so no token is left in localStorage. */
export const LEGACY_SESSION_STORAGE_KEY = 'cairn.session';

/** Tells the browser's other tabs that this one signed in or out; it carries no token. */
export const AUTH_NOTICE_KEY = 'cairn.auth-notice';

export type AuthNotice = 'signed-in' | 'signed-out';

export function sessionFromAuthResponse(response: AuthResponse, now: number): Session {
  return { accessToken: response.access_token, expiresAt: now + response.expires_in * 1000, user: response.user };
}

export const isSessionExpired = (session: Session, now: number): boolean => now >= session.expiresAt;

export function readAuthNotice(raw: string | null): AuthNotice | null {
  const notice = raw?.split(':')[0];
  return notice === 'signed-in' || notice === 'signed-out' ? notice : null;
}
