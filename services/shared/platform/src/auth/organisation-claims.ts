import type { Organisation, OrganisationRole } from './token-verifier.js';

/** A user's organisation and their roles in it; no organisation means no roles. */
export interface Membership {
  organisation?: Organisation;
  roles: OrganisationRole[];
}

/** Where an identity provider's tokens carry the organisation and roles (AUTH_ORGANISATION_CLAIM and the rest). */
export interface OrganisationClaimNames {
  organisation: string;
  organisationName: string;
  /** A dotted path, such as Keycloak's `realm_access.roles`. */
  roles: string;
  editorRole: string;
  administratorRole: string;
}

export const DEFAULT_ORGANISATION_CLAIMS: OrganisationClaimNames = {
  organisation: 'organisation',
  organisationName: 'organisation_name',
  roles: 'realm_access.roles',
  editorRole: 'cairn-editor',
  administratorRole: 'cairn-administrator',
};

export function organisationClaimNames(env: {
  AUTH_ORGANISATION_CLAIM: string;
  AUTH_ORGANISATION_NAME_CLAIM: string;
  AUTH_ROLES_CLAIM: string;
  AUTH_EDITOR_ROLE: string;
  AUTH_ADMINISTRATOR_ROLE: string;
}): OrganisationClaimNames {
  return {
    organisation: env.AUTH_ORGANISATION_CLAIM,
    organisationName: env.AUTH_ORGANISATION_NAME_CLAIM,
    roles: env.AUTH_ROLES_CLAIM,
    editorRole: env.AUTH_EDITOR_ROLE,
    administratorRole: env.AUTH_ADMINISTRATOR_ROLE,
  };
}

type Claims = Record<string, unknown>;

/** A claim by its name, or else by a dotted path into nested objects (names of namespaced claims may hold dots). */
export function claimAt(claims: Claims, path: string): unknown {
  if (path in claims) return claims[path];
  let value: unknown = claims;
  for (const key of path.split('.')) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Claims)[key];
  }
  return value;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** A Keycloak group path `/hospitals/st-marys` names the group `st-marys`. */
const groupName = (entry: string) => (entry.startsWith('/') ? entry.split('/').filter(Boolean).pop() : entry);

const firstText = (value: unknown) => text(Array.isArray(value) ? value.find((entry) => text(entry)) : value);

/** The membership an identity provider's claims give, read with the configured claim names. */
export function providerMembership(claims: Claims, names: OrganisationClaimNames): Membership {
  const raw = firstText(claimAt(claims, names.organisation));
  const id = raw && groupName(raw);
  if (!id) return { roles: [] };
  const name = firstText(claimAt(claims, names.organisationName)) ?? id;
  const granted = claimAt(claims, names.roles);
  const entries = Array.isArray(granted) ? granted.filter((entry): entry is string => typeof entry === 'string') : [];
  const has = (role: string) => entries.some((entry) => entry === role || groupName(entry) === role);
  const roles: OrganisationRole[] = [];
  if (has(names.editorRole)) roles.push('editor');
  if (has(names.administratorRole)) roles.push('administrator');
  return { organisation: { id, name }, roles };
}

/** Cairn's own access tokens carry the membership as `org`, `org_name` and `roles`. */
export function cairnMembershipClaims(membership: Membership): { org?: string; org_name?: string; roles: OrganisationRole[] } {
  if (!membership.organisation) return { roles: [] };
  return { org: membership.organisation.id, org_name: membership.organisation.name, roles: membership.roles };
}

const isRole = (value: unknown): value is OrganisationRole => value === 'editor' || value === 'administrator';

/** The membership a verified token gives: Cairn's claims when it has them, otherwise the provider's. */
export function tokenMembership(claims: Claims, names: OrganisationClaimNames): Membership {
  const id = text(claims.org);
  if (!id) return providerMembership(claims, names);
  const roles = Array.isArray(claims.roles) ? [...new Set(claims.roles.filter(isRole))] : [];
  return { organisation: { id, name: text(claims.org_name) ?? id }, roles };
}
