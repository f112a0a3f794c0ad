import { AuthError, isApiError } from '@cairn/frontend-shared';

/** The texts of the profile's account actions (docs/product-spec.md §2, §5 "Renames and other inputs", §8 "Account deletion and logout"). */
export const AccountTexts = {
  renameAccount: 'Rename Account',
  nameLabel: 'Display name',
  nameUpdated: 'Name updated successfully!',
  nameUpdateFailed: 'Failed to update name. Please try again.',
  deleteAccount: 'Delete Account',
  deleteTitle: 'Delete Account',
  deleteWarning: 'This permanently deletes your account, your conversations, saved checklists and uploaded protocols.',
  passwordLabel: 'Password',
  externalPrompt: 'Your account signs in with an external identity provider. Sign in again with that provider before deleting it.',
  confirmLabel: 'Type DELETE to confirm',
  typeDelete: 'Please type DELETE to confirm account deletion.',
  enterPassword: 'Please enter your password to confirm deletion.',
  noEmail: 'Could not verify your email address.',
  wrongPassword: 'Incorrect password. Please try again.',
  invalidCredential: 'Invalid password. Please check your password and try again.',
  providerCancelled: 'Google sign-in was cancelled. Please try again.',
  recentLogin: 'For security reasons, please log out and log back in before deleting your account.',
  tooManyAttempts: 'Too many failed attempts. Please try again later or reset your password.',
  deleteFailed: (message: string) => `Failed to delete account: ${message}. Please try again.`,
  deleting: 'Deleting...',
} as const;

export interface DeletionInput {
  confirmation: string;
  password: string;
  provider: 'password' | 'oidc';
  email: string | null;
}

/** docs/product-spec.md §5: DELETE typed exactly, a password for password accounts, and an e-mail to check it against. */
export function validateAccountDeletion(input: DeletionInput): string | null {
  if (input.confirmation !== 'DELETE') return AccountTexts.typeDelete;
  if (input.provider === 'password' && !input.password) return AccountTexts.enterPassword;
  if (!input.email) return AccountTexts.noEmail;
  return null;
}

/** docs/product-spec.md §8: what a failed deletion says, from the server's status and category. */
export function deletionErrorMessage(error: unknown): string {
  const refusal = isApiError(error) ? { category: error.category, status: error.status } : error instanceof AuthError ? { category: error.failure, status: error.status } : null;
  if (refusal) {
    if (refusal.category === 'wrong_password') return AccountTexts.wrongPassword;
    if (refusal.category === 'cancelled') return AccountTexts.providerCancelled;
    if (refusal.category === 'requires_recent_login') return AccountTexts.recentLogin;
    if (refusal.status === 429 || refusal.category === 'too_many_attempts') return AccountTexts.tooManyAttempts;
    if (refusal.status === 401 || refusal.category === 'invalid_credential') return AccountTexts.invalidCredential;
  }
  return AccountTexts.deleteFailed(error instanceof Error ? error.message : String(error));
}
