import { SESSION_STORAGE_KEY, type KeyValueStorage } from '../auth/session';

export const LAST_USER_ID_KEY = 'cairn.lastUserId';

export type UserSwitchAction = 'none' | 'remember' | 'clear-and-reload';

/** Spec §4: a signed-in user other than the last stored one wipes the browser's saved state first. */
export function decideUserSwitch(lastUserId: string | null, uid: string | null): UserSwitchAction {
  if (!uid || lastUserId === uid) return 'none';
  return lastUserId ? 'clear-and-reload' : 'remember';
}

type ClearableStorage = Pick<Storage, 'clear'> & KeyValueStorage;

/** Clears local and session storage; `keepSession` keeps the new user's sign-in through the reload. */
export function clearAppStorage(local: ClearableStorage, session: Pick<Storage, 'clear'>, keepSession = false): void {
  const signIn = keepSession ? local.getItem(SESSION_STORAGE_KEY) : null;
  local.clear();
  session.clear();
  if (signIn) local.setItem(SESSION_STORAGE_KEY, signIn);
}
