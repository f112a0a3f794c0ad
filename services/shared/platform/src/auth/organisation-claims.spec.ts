import { describe, expect, it } from '@jest/globals';
import { generateKeyPair, SignJWT } from 'jose';
import { loadPlatformConfig } from '../config/platform-config.js';
import { cairnMembershipClaims, claimAt, DEFAULT_ORGANISATION_CLAIMS, organisationClaimNames, providerMembership } from './organisation-claims.js';
import { isEditor, JoseTokenVerifier, KeySource, toUser } from './token-verifier.js';

const keycloakToken = {
  sub: 'kc-user-1',
  email: 'asha@stmarys.example',
  preferred_username: 'asha',
  organisation: 'st-marys',
  organisation_name: "St Mary's Hospital",
  realm_access: { roles: ['offline_access', 'cairn-editor', 'uma_authorization'] },
};

describe('organisation and roles from token claims', () => {
  it('reads a Keycloak-shaped token with the default claim names', () => {
    const user = toUser(keycloakToken);
    expect(user).toMatchObject({ uid: 'kc-user-1', name: 'asha', organisation: { id: 'st-marys', name: "St Mary's Hospital" }, roles: ['editor'] });
    expect(isEditor(user)).toBe(true);
  });

  it('takes the hospital group of a Keycloak group path, with the id as name when none is given', () => {
    const names = { ...DEFAULT_ORGANISATION_CLAIMS, organisation: 'groups', roles: 'groups' };
    expect(providerMembership({ groups: ['/hospitals/st-marys', '/cairn-administrator'] }, names)).toEqual({
      organisation: { id: 'st-marys', name: 'st-marys' },
      roles: ['administrator'],
    });
  });

  it('gives no organisation, and so no roles, when the claims are missing', () => {
    const user = toUser({ sub: 'u1', realm_access: { roles: ['cairn-administrator'] } });
    expect(user.organisation).toBeUndefined();
    expect(user.roles).toEqual([]);
    expect(isEditor(user)).toBe(false);
    expect(toUser({ sub: 'u2', organisation: [], realm_access: 'not-a-list' }).organisation).toBeUndefined();
  });

  it('gives a member of an organisation no roles when the provider grants none of the configured ones', () => {
    expect(providerMembership({ organisation: ['ward-7'], realm_access: { roles: ['cairn-viewer'] } }, DEFAULT_ORGANISATION_CLAIMS)).toEqual({
      organisation: { id: 'ward-7', name: 'ward-7' },
      roles: [],
    });
  });

  it('keeps hospitals apart: a department group belongs to its hospital, other groups name none, two hospitals name none', () => {
    const names = { ...DEFAULT_ORGANISATION_CLAIMS, organisation: 'groups', roles: 'groups' };
    expect(providerMembership({ groups: ['/staff/icu', '/hospitals/a/icu', '/hospitals/a/cairn-editor'] }, names)).toEqual({ organisation: { id: 'a', name: 'a' }, roles: ['editor'] });
    expect(providerMembership({ groups: ['/hospitals/a/icu', '/hospitals/b/icu'] }, names)).toEqual({ roles: [] });
    expect(providerMembership({ organisation: ['ward-7', 'ward-8'] }, DEFAULT_ORGANISATION_CLAIMS)).toEqual({ roles: [] });
    expect(providerMembership({ groups: ['/staff/cairn-editor'] }, names)).toEqual({ roles: [] });
    const rolesAsGroups = { ...DEFAULT_ORGANISATION_CLAIMS, roles: 'groups' };
    expect(providerMembership({ organisation: '/hospitals/a', groups: ['/hospitals/b/cairn-editor'] }, rolesAsGroups)).toEqual({ organisation: { id: 'a', name: 'a' }, roles: [] });
  });

  it('reads claims named in configuration, namespaced names with dots included', () => {
    const config = loadPlatformConfig('search', 8081, {
      AUTH_ORGANISATION_CLAIM: 'https://hospital.example/org',
      AUTH_ORGANISATION_NAME_CLAIM: 'hospital.name',
      AUTH_ROLES_CLAIM: 'resource_access.cairn.roles',
      AUTH_EDITOR_ROLE: 'publisher',
      AUTH_ADMINISTRATOR_ROLE: 'owner',
    });
    const claims = {
      sub: 'u3',
      'https://hospital.example/org': 'nhs-trust-9',
      hospital: { name: 'Trust Nine' },
      resource_access: { cairn: { roles: ['owner', 'publisher'] } },
    };
    expect(toUser(claims, organisationClaimNames(config))).toMatchObject({ organisation: { id: 'nhs-trust-9', name: 'Trust Nine' }, roles: ['editor', 'administrator'] });
    expect(claimAt(claims, 'resource_access.cairn.roles')).toEqual(['owner', 'publisher']);
  });

  it("reads Cairn's tokens by their org, org_name and roles only, keeping only known roles", () => {
    const claims = { sub: 'u4', org: 'ward.org', org_name: "St Mary's Hospital", roles: ['editor', 'superuser'], organisation: 'elsewhere', realm_access: { roles: ['cairn-administrator'] } };
    expect(toUser(claims, DEFAULT_ORGANISATION_CLAIMS, 'local')).toMatchObject({ organisation: { id: 'ward.org', name: "St Mary's Hospital" }, roles: ['editor'] });
    expect(toUser({ sub: 'u6', organisation: 'elsewhere', realm_access: { roles: ['cairn-administrator'] } }, DEFAULT_ORGANISATION_CLAIMS, 'local')).toMatchObject({ roles: [] });
  });

  it("never reads Cairn's claim names from a provider's token", () => {
    const forged = { sub: 'kc-2', org: 'ward.org', org_name: 'Ward', roles: ['administrator'] };
    expect(toUser(forged, DEFAULT_ORGANISATION_CLAIMS, 'oidc')).toMatchObject({ roles: [] });
    expect(toUser(forged).organisation).toBeUndefined();
  });

  it('writes a membership as the claims it reads back', () => {
    const membership = { organisation: { id: 'ward.org', name: 'Ward' }, roles: ['administrator' as const] };
    expect(toUser({ sub: 'u5', ...cairnMembershipClaims(membership) }, DEFAULT_ORGANISATION_CLAIMS, 'local')).toMatchObject(membership);
    expect(cairnMembershipClaims({ roles: [] })).toEqual({ roles: [] });
  });

  it('fills the verified user of JoseTokenVerifier with the configured claim names', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const keys = KeySource.local();
    keys.provide(async () => publicKey);
    const verifier = new JoseTokenVerifier(keys, { issuer: 'https://sso.example', organisationClaims: { ...DEFAULT_ORGANISATION_CLAIMS, organisation: 'groups' } });
    const token = await new SignJWT({ groups: ['/hospitals/st-marys'], realm_access: { roles: ['cairn-editor'] } })
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject('u6')
      .setIssuer('https://sso.example')
      .setExpirationTime('5m')
      .sign(privateKey);
    expect(await verifier.verify(token)).toMatchObject({ uid: 'u6', organisation: { id: 'st-marys', name: 'st-marys' }, roles: ['editor'] });
  });
});
