import type { OrganisationRole } from '@cairn/platform';

export type IdentityProvider = 'password' | 'oidc';

/** Identities stored before organisations existed lack `organisationId`, `organisationName` and `roles`. */
export interface Identity {
  id: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  provider: IdentityProvider;
  passwordHash: string | null;
  disabled: boolean;
  /** The email domain (password accounts) or the provider's organisation claim (federated); null: none. */
  organisationId: string | null;
  /** The provider's name of the organisation; null for password accounts, named by ORGANISATION_NAMES. */
  organisationName: string | null;
  roles: OrganisationRole[];
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
