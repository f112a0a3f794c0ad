import type { AuthErrorCategory } from '@cairn/rules';

export type IdentityProvider = 'password' | 'oidc';

export interface CairnUser {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  provider: IdentityProvider;
}

export type AuthFailure = AuthErrorCategory | 'network' | 'cancelled' | 'user_mismatch' | 'unknown';

export class AuthError extends Error {
  override name = 'AuthError';

  constructor(
    readonly failure: AuthFailure,
    message: string = failure,
    readonly status?: number,
  ) {
    super(message);
  }
}

export type AuthStateListener = (user: CairnUser | null) => void;

export interface SignUpInput {
  email: string;
  password: string;
  displayName: string;
}

/**
 * What the pages need from an identity provider. The local accounts service implements it now;
 * an OIDC (Keycloak) implementation selected by `auth.mode: "oidc"` can replace it without page changes.
 */
export interface AuthClient {
  /** Settles once the sign-in state is known; the app renders only after it. */
  init(): Promise<void>;
  currentUser(): CairnUser | null;
  /** Calls the listener with the current state (once known) and on every change; returns the unsubscribe. */
  onAuthStateChanged(listener: AuthStateListener): () => void;
  getAccessToken(): Promise<string | null>;
  signIn(email: string, password: string): Promise<CairnUser>;
  signUp(input: SignUpInput): Promise<CairnUser>;
  /** Whether an external identity provider is configured for the popup sign-in. */
  readonly hasExternalProvider: boolean;
  /** False when the hospital's provider is the only way in (auth.mode "oidc"): no e-mail and password forms. */
  readonly passwordSignIn: boolean;
  signInWithExternalProvider(): Promise<CairnUser>;
  requestPasswordReset(email: string): Promise<void>;
  /** Sets a new password with the token from the reset e-mail's link. */
  confirmPasswordReset(token: string, password: string): Promise<void>;
  /** A fresh sign-in time for account deletion: the password again, or (without one) the provider's popup as the same user. */
  reauthenticate(password?: string): Promise<void>;
  updateDisplayName(displayName: string): Promise<CairnUser>;
  signOut(): Promise<void>;
}

/** The name shown for a user: the display name, else the part of the e-mail before the at-sign. */
export function userLabel(user: Pick<CairnUser, 'displayName' | 'email'>): string {
  const name = user.displayName?.trim();
  if (name) return name;
  return user.email.split('@')[0] ?? user.email;
}
