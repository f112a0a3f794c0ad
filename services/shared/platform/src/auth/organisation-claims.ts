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

const segments = (path: string) => path.split('/').filter(Boolean);

/**
 * The organisation an entry of the organisation claim names: a plain value as it is, a Keycloak group
 * path by its first level under `/hospitals` (`/hospitals/st-marys/icu` is `st-marys`); other paths name none.
 */
function organisationOf(entry: string): string | undefined {
  if (!entry.startsWith('/')) return entry;
  const [parent, organisation] = segments(entry);
  return parent === ORGANISATION_GROUP_PARENT ? organisation : undefined;
}

export const ORGANISATION_GROUP_PARENT = 'hospitals';

const entriesOf = (value: unknown) => (Array.isArray(value) ? value : [value]).map(text).filter((entry): entry is string => Boolean(entry));

/**
 * The membership an identity provider's claims give, read with the configured claim names. Entries
 * naming more than one organisation name none: a user belongs to one hospital or is left out.
 */
export function providerMembership(claims: Claims, names: OrganisationClaimNames): Membership {
  const organisations = new Set(entriesOf(claimAt(claims, names.organisation)).map(organisationOf).filter(Boolean));
  if (organisations.size !== 1) return { roles: [] };
  const [id] = organisations as Set<string>;
  const name = entriesOf(claimAt(claims, names.organisationName))[0] ?? id;
  const granted = entriesOf(claimAt(claims, names.roles));
  const grants = (role: string) =>
    granted.some((entry) => {
      if (!entry.startsWith('/')) return entry === role;
      const path = segments(entry);
      return path.at(-1) === role && (path.length === 1 || organisationOf(entry) === id);
    });
  const roles: OrganisationRole[] = [];
  if (grants(names.editorRole)) roles.push('editor');
  if (grants(names.administratorRole)) roles.push('administrator');
  return { organisation: { id, name }, roles };
}

/** Cairn's own access tokens carry the membership as `org`, `org_name` and `roles`. */
export function cairnMembershipClaims(membership: Membership): { org?: string; org_name?: string; roles: OrganisationRole[] } {
  if (!membership.organisation) return { roles: [] };
  return { org: membership.organisation.id, org_name: membership.organisation.name, roles: membership.roles };
}

const isRole = (value: unknown): value is OrganisationRole => value === 'editor' || value === 'administrator';

/** Whose tokens the services verify (AUTH_MODE): Cairn's accounts service's, or the identity provider's. */
export type TokenIssuer = 'local' | 'oidc';

/**
 * The membership a verified token gives: Cairn's tokens by their `org`, `org_name` and `roles`, a
 * provider's by the configured claims only, so a provider's token cannot name itself into Cairn's claims.
 */
export function tokenMembership(claims: Claims, names: OrganisationClaimNames, issuer: TokenIssuer = 'oidc'): Membership {
  if (issuer === 'oidc') return providerMembership(claims, names);
  const id = text(claims.org);
  if (!id) return { roles: [] };
  const roles = Array.isArray(claims.roles) ? [...new Set(claims.roles.filter(isRole))] : [];
  return { organisation: { id, name: text(claims.org_name) ?? id }, roles };
}
