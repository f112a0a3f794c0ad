import { LAST_USER_ID_KEY, clearAppStorage, decideUserSwitch, type AuthClient } from '@cairn/frontend-shared';

/**
 * docs/product-spec.md §4: when the signed-in user differs from the last stored one, all local and session storage
 * is cleared and the page reloads. The reload waits a task so a page that just signed in can first
 * move to where the user was going.
 */
export function watchUserSwitch(auth: AuthClient): () => void {
  return auth.onAuthStateChanged((user) => {
    const action = decideUserSwitch(window.localStorage.getItem(LAST_USER_ID_KEY), user?.uid ?? null);
    if (action === 'none' || !user) return;
    if (action === 'clear-and-reload') clearAppStorage(window.localStorage, window.sessionStorage);
    window.localStorage.setItem(LAST_USER_ID_KEY, user.uid);
    if (action === 'clear-and-reload') window.setTimeout(() => window.location.reload(), 0);
  });
}
