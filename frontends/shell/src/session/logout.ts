import { clearAppStorage, dialogs, getCairn } from '@cairn/frontend-shared';

export const LOGOUT_FAILED_MESSAGE = 'Failed to log out. Please try again.';

/** Asks for confirmation, signs out and clears all local and session storage (docs/product-spec.md §4). */
export async function confirmAndLogOut(afterLogout: () => void): Promise<void> {
  const confirmed = await dialogs.confirm({
    title: 'Log Out',
    message: 'Are you sure you want to log out?',
    confirmLabel: 'Log Out',
    cancelLabel: 'Cancel',
  });
  if (!confirmed) return;
  try {
    await getCairn().auth.signOut();
    clearAppStorage(window.localStorage, window.sessionStorage);
    afterLogout();
  } catch (error) {
    console.error('[cairn] logout failed', error);
    await dialogs.alert({ title: 'Log Out', message: LOGOUT_FAILED_MESSAGE });
  }
}
