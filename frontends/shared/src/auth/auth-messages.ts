import { AuthMessages } from '@cairn/rules';
import { AuthError, type AuthFailure } from './auth-client';
import { toAuthError } from './accounts.resource';

const asAuthError = (error: unknown): AuthError => (error instanceof AuthError ? error : toAuthError(error));

const SIGN_IN: Partial<Record<AuthFailure, string>> = {
  missing_fields: AuthMessages.fillAllFields,
  user_not_found: AuthMessages.noAccount,
  wrong_password: AuthMessages.wrongPassword,
  invalid_email: AuthMessages.invalidEmail,
  user_disabled: AuthMessages.disabled,
  too_many_attempts: AuthMessages.tooManyAttempts,
  network: AuthMessages.network,
  cancelled: AuthMessages.signInCancelled,
};

const SIGN_UP: Partial<Record<AuthFailure, string>> = {
  missing_fields: AuthMessages.fillAllFields,
  password_mismatch: AuthMessages.passwordsDoNotMatch,
  email_in_use: AuthMessages.emailInUse,
  invalid_email: AuthMessages.invalidEmail,
  weak_password: AuthMessages.weakPassword,
  network: AuthMessages.network,
  cancelled: AuthMessages.signUpCancelled,
};

/** docs/product-spec.md §8, sign-in errors. */
export function signInErrorMessage(error: unknown): string {
  return SIGN_IN[asAuthError(error).failure] ?? AuthMessages.signInFailed;
}

/** docs/product-spec.md §8, sign-up errors. */
export function signUpErrorMessage(error: unknown): string {
  return SIGN_UP[asAuthError(error).failure] ?? AuthMessages.signUpFailed;
}

/** Errors of choosing a new password from a reset link. */
export function resetConfirmErrorMessage(error: unknown): string {
  const authError = asAuthError(error);
  if (authError.failure === 'invalid_token') return AuthMessages.resetLinkInvalid;
  if (authError.failure === 'weak_password') return AuthMessages.passwordTooShort;
  if (authError.failure === 'network') return AuthMessages.network;
  return AuthMessages.resetFailed;
}

/** docs/product-spec.md §8, reset errors: a 404 means no account, a 400 an invalid address. */
export function resetErrorMessage(error: unknown): string {
  const authError = asAuthError(error);
  if (authError.failure === 'user_not_found' || authError.status === 404) return AuthMessages.noAccount;
  if (authError.failure === 'invalid_email' || authError.status === 400) return AuthMessages.invalidEmail;
  if (authError.failure === 'network') return AuthMessages.network;
  return AuthMessages.resetFailed;
}
