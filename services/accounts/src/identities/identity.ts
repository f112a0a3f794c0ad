export type IdentityProvider = 'password' | 'oidc';

export interface Identity {
  id: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  provider: IdentityProvider;
  passwordHash: string | null;
  disabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface PublicUser {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  provider: IdentityProvider;
}

export function toPublicUser(identity: Identity): PublicUser {
  return {
    uid: identity.id,
    email: identity.email,
    displayName: identity.displayName,
    photoURL: identity.photoURL,
    provider: identity.provider,
  };
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
