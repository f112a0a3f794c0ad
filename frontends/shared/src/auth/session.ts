import { isCairnUser, normaliseUser, type AuthResponse } from './accounts.resource';
import type { CairnUser } from './auth-client';

export interface Session {
  accessToken: string;
  /** Epoch milliseconds after which the token is no longer accepted. */
  expiresAt: number;
  user: CairnUser;
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const SESSION_STORAGE_KEY = 'cairn.session';

export function sessionFromAuthResponse(response: AuthResponse, now: number): Session {
  return { accessToken: response.access_token, expiresAt: now + response.expires_in * 1000, user: response.user };
}

export const isSessionExpired = (session: Session, now: number): boolean => now >= session.expiresAt;

export function parseSession(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Session>;
    if (typeof value.accessToken !== 'string' || typeof value.expiresAt !== 'number' || !isCairnUser(value.user)) return null;
    return { accessToken: value.accessToken, expiresAt: value.expiresAt, user: normaliseUser(value.user) };
  } catch {
    return null;
  }
}

export function readSession(storage: KeyValueStorage): Session | null {
  return parseSession(storage.getItem(SESSION_STORAGE_KEY));
}

export function writeSession(storage: KeyValueStorage, session: Session | null): void {
  if (session) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  else storage.removeItem(SESSION_STORAGE_KEY);
}
