import type { KeyValueStorage } from '../auth/session';

export const LAST_USER_ID_KEY = 'cairn.lastUserId';

export type UserSwitchAction = 'none' | 'remember' | 'clear-and-reload';

/** docs/product-spec.md §4: a signed-in user other than the last stored one wipes the browser's saved state first. */
export function decideUserSwitch(lastUserId: string | null, uid: string | null): UserSwitchAction {
  if (!uid || lastUserId === uid) return 'none';
  return lastUserId ? 'clear-and-reload' : 'remember';
}

type ClearableStorage = Pick<Storage, 'clear'> & KeyValueStorage;

/** Clears local and session storage. The sign-in is not there (it is an httpOnly cookie), so it survives. */
export function clearAppStorage(local: ClearableStorage, session: Pick<Storage, 'clear'>): void {
  local.clear();
  session.clear();
}
