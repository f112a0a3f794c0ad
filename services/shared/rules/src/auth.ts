export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_STRONG_LENGTH = 8;

export const AuthMessages = {
  fillAllFields: 'Please fill in all fields',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters',
  resetEmailRequired: 'Please enter your email address',
  noAccount: 'No account found with this email address',
  wrongPassword: 'Incorrect password',
  invalidEmail: 'Invalid email address',
  disabled: 'This account has been disabled',
  tooManyAttempts: 'Too many failed attempts. Please try again later',
  network: 'Network error. Please check your connection',
  signInCancelled: 'Sign-in cancelled',
  signInFailed: 'Failed to sign in. Please try again',
  emailInUse: 'An account with this email already exists',
  weakPassword: 'Password is too weak. Please choose a stronger password',
  signUpCancelled: 'Sign-up cancelled',
  signUpFailed: 'Failed to create account. Please try again',
  resetFailed: 'Failed to send reset email. Please try again',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  passwordUpdated: 'Your password has been changed. You can sign in with it now.',
} as const;

/** Error categories the accounts service returns; the browser maps each to its message. */
export type AuthErrorCategory =
  | 'missing_fields'
  | 'password_mismatch'
  | 'invalid_email'
  | 'weak_password'
  | 'email_in_use'
  | 'user_not_found'
  | 'wrong_password'
  | 'user_disabled'
  | 'too_many_attempts'
  | 'invalid_token'
  | 'session_ended'
  | 'requires_recent_login'
  | 'invalid_credential';

export type PasswordStrength = '' | 'Too short' | 'Weak' | 'Medium' | 'Strong';

export function passwordStrength(password: string): PasswordStrength {
  if (password.length === 0) return '';
  if (password.length < PASSWORD_MIN_LENGTH) return 'Too short';
  if (password.length < PASSWORD_STRONG_LENGTH) return 'Weak';
  if (/[A-Z]/.test(password) && /\d/.test(password)) return 'Strong';
  return 'Medium';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email);
}

const blank = (value: string | undefined | null) => !value || value.trim().length === 0;

export interface AuthValidationError {
  category: AuthErrorCategory;
  message: string;
}

export function validateSignIn(input: { email?: string | null; password?: string | null }): AuthValidationError | null {
  if (blank(input.email) || !input.password) return { category: 'missing_fields', message: AuthMessages.fillAllFields };
  if (!isValidEmail(input.email!.trim())) return { category: 'invalid_email', message: AuthMessages.invalidEmail };
  return null;
}

export function validateSignUp(input: {
  displayName?: string | null;
  email?: string | null;
  password?: string | null;
  confirmPassword?: string | null;
}): AuthValidationError | null {
  const confirmGiven = input.confirmPassword !== undefined;
  if (blank(input.displayName) || blank(input.email) || !input.password || (confirmGiven && !input.confirmPassword)) {
    return { category: 'missing_fields', message: AuthMessages.fillAllFields };
  }
  if (confirmGiven && input.password !== input.confirmPassword) {
    return { category: 'password_mismatch', message: AuthMessages.passwordsDoNotMatch };
  }
  if (input.password.length < PASSWORD_MIN_LENGTH) {
    return { category: 'weak_password', message: AuthMessages.passwordTooShort };
  }
  if (!isValidEmail(input.email!.trim())) return { category: 'invalid_email', message: AuthMessages.invalidEmail };
  return null;
}

export function validateResetRequest(input: { email?: string | null }): AuthValidationError | null {
  if (blank(input.email)) return { category: 'missing_fields', message: AuthMessages.resetEmailRequired };
  if (!isValidEmail(input.email!.trim())) return { category: 'invalid_email', message: AuthMessages.invalidEmail };
  return null;
}

/** A new password chosen from a reset link: both fields, matching, at least six characters. */
export function validateNewPassword(input: { password?: string | null; confirmPassword?: string | null }): AuthValidationError | null {
  if (!input.password || !input.confirmPassword) return { category: 'missing_fields', message: AuthMessages.fillAllFields };
  if (input.password !== input.confirmPassword) return { category: 'password_mismatch', message: AuthMessages.passwordsDoNotMatch };
  if (input.password.length < PASSWORD_MIN_LENGTH) return { category: 'weak_password', message: AuthMessages.passwordTooShort };
  return null;
}
