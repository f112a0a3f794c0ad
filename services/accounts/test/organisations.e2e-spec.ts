import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { decodeJwt } from 'jose';
import { DEFAULT_ORGANISATION_CLAIMS, DocumentStores, toUser } from '@cairn/platform';
import { eventually, startTestApp, type JsonResponse, type TestApp } from '@cairn/testing';
import { AccountsAppModule } from '../src/app.module.js';
import { IdentitiesRepository } from '../src/identities/identities.repository.js';
import { startClaimsProvider, type ClaimsProvider, type ProviderUser } from './claims-provider.js';

const refreshCookieOf = (response: JsonResponse) => (response.headers.getSetCookie().find((cookie) => cookie.startsWith('cairn_refresh=')) ?? '').split(';')[0];
const outcomeOf = (html: string) => JSON.parse(/<script type="application\/json" id="outcome">(.*?)<\/script>/.exec(html)![1]);

/** Starts accounts with these environment variables, set in process.env for its start-up only. */
async function startAccounts(env: Record<string, string>): Promise<TestApp> {
  Object.assign(process.env, env);
  try {
    return await startTestApp((config) => AccountsAppModule.forRoot(config), { service: 'accounts', env });
  } finally {
    for (const name of Object.keys(env)) delete process.env[name];
  }
}

describe('accounts: organisations by email domain', () => {
  let api: TestApp;

  beforeAll(async () => {
    const listed = ['hospice.org=Hospice', 'race.org=Race Hospital', 'legacy.org=Legacy Hospital', 'cottage.org=Cottage Hospital', 'annex.org=Annex Hospital'];
    api = await startAccounts({ ORGANISATION_NAMES: ["ward.org=St Mary's Hospital", 'clinic.org=Riverside Clinic', ...listed].join('; ') });
  });
  afterAll(async () => {
    await api.close();
  });

  async function signUp(email: string, displayName: string) {
    const response = await api.request('POST', '/auth/signup', { body: { email, password: 'Sup3rSecret', displayName } });
    expect(response.status).toBe(201);
    return { uid: response.body.user.uid as string, email, token: response.body.access_token as string, cookie: refreshCookieOf(response) };
  }
  const me = async (token: string) => (await api.request('GET', '/auth/me', { token })).body;

  it("makes the first account of a domain its administrator, the second a member, and a public provider's account no organisation's", async () => {
    const administrator = await signUp('matron@ward.org', 'Matron Adeyemi');
    const member = await signUp('Nurse.Okafor@Ward.org', 'Nurse Okafor');
    const outsider = await signUp('locum@gmail.com', 'Locum Doctor');

    const stMarys = { id: 'ward.org', name: "St Mary's Hospital" };
    expect(await me(administrator.token)).toEqual({ user: expect.objectContaining({ uid: administrator.uid }), organisation: stMarys, roles: ['administrator'] });
    expect(await me(member.token)).toMatchObject({ organisation: stMarys, roles: [] });
    expect(await me(outsider.token)).toMatchObject({ organisation: null, roles: [] });

    expect(decodeJwt(administrator.token)).toMatchObject({ org: 'ward.org', org_name: "St Mary's Hospital", roles: ['administrator'] });
    expect(decodeJwt(outsider.token)).toMatchObject({ roles: [] });
    expect(decodeJwt(outsider.token)).not.toHaveProperty('org');
    expect(toUser(decodeJwt(member.token), DEFAULT_ORGANISATION_CLAIMS, 'local')).toMatchObject({ organisation: stMarys, roles: [] });

    const unlisted = await signUp('gp@surgery.example', 'Dr Unlisted');
    expect(await me(unlisted.token)).toMatchObject({ organisation: null, roles: [] });
  });

  it('lets the administrator name an editor, whose next refreshed token carries the role', async () => {
    const administrator = await signUp('head@clinic.org', 'Dr Head');
    const member = await signUp('pharmacist@clinic.org', 'Pharmacist Lee');
    const outsider = await signUp('visitor@outlook.com', 'Visitor');

    const listed = await api.request('GET', '/auth/organisation/members', { token: administrator.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      members: [
        { id: administrator.uid, name: 'Dr Head', email: 'head@clinic.org', roles: ['administrator'] },
        { id: member.uid, name: 'Pharmacist Lee', email: 'pharmacist@clinic.org', roles: [] },
      ],
    });

    const named = await api.request('PUT', `/auth/organisation/members/${member.uid}/roles`, { token: administrator.token, body: { editor: true } });
    expect(named.status).toBe(200);
    expect(named.body).toEqual({ member: { id: member.uid, name: 'Pharmacist Lee', email: 'pharmacist@clinic.org', roles: ['editor'] } });

    expect(decodeJwt(member.token).roles).toEqual([]);
    const refreshed = await api.request('POST', '/auth/refresh', { headers: { cookie: member.cookie } });
    expect(refreshed.status).toBe(200);
    expect(decodeJwt(refreshed.body.access_token)).toMatchObject({ org: 'clinic.org', org_name: 'Riverside Clinic', roles: ['editor'] });
    expect(await me(refreshed.body.access_token)).toMatchObject({ roles: ['editor'] });

    const unnamed = await api.request('PUT', `/auth/organisation/members/${member.uid}/roles`, { token: administrator.token, body: { editor: false } });
    expect(unnamed.body.member.roles).toEqual([]);
    const again = await api.request('POST', '/auth/refresh', { headers: { cookie: refreshCookieOf(refreshed) } });
    expect(decodeJwt(again.body.access_token).roles).toEqual([]);

    const outside = await api.request('PUT', `/auth/organisation/members/${outsider.uid}/roles`, { token: administrator.token, body: { editor: true } });
    expect(outside.status).toBe(404);
    expect(outside.body.detail.category).toBe('not_found');
    const ownRole = await api.request('PUT', `/auth/organisation/members/${administrator.uid}/roles`, { token: administrator.token, body: { editor: false } });
    expect(ownRole.status).toBe(409);
    expect(ownRole.body.detail.category).toBe('administrator_role');
    expect((await me(administrator.token)).roles).toEqual(['administrator']);
    const malformed = await api.request('PUT', `/auth/organisation/members/${member.uid}/roles`, { token: administrator.token, body: { editor: 'yes' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatchObject({ category: 'invalid_input', field: 'editor' });
  });

  it('answers only the administrator, with 403 in the error shape for anyone else', async () => {
    await signUp('chief@hospice.org', 'Chief');
    const member = await signUp('porter@hospice.org', 'Porter');
    const outsider = await signUp('someone@yahoo.com', 'Someone');

    const byMember = await api.request('GET', '/auth/organisation/members', { token: member.token });
    expect(byMember.status).toBe(403);
    expect(byMember.body).toEqual({ detail: { category: 'not_administrator', message: "Only your hospital's administrator can name editors." } });
    const selfPromotion = await api.request('PUT', `/auth/organisation/members/${member.uid}/roles`, { token: member.token, body: { editor: true } });
    expect(selfPromotion.status).toBe(403);
    const byOutsider = await api.request('GET', '/auth/organisation/members', { token: outsider.token });
    expect(byOutsider.status).toBe(403);
    expect(byOutsider.body).toEqual({ detail: { category: 'no_organisation', message: 'Your account does not belong to a hospital.' } });
    expect((await api.request('GET', '/auth/organisation/members')).status).toBe(401);
  });

  it('makes exactly one administrator of accounts signing up at once for a new domain', async () => {
    const accounts = await Promise.all(Array.from({ length: 4 }, (_, i) => signUp(`doctor-${i}@race.org`, `Doctor ${i}`)));
    const roles = await Promise.all(accounts.map(async (account) => (await me(account.token)).roles));
    expect(roles.filter((granted) => granted.includes('administrator'))).toHaveLength(1);
  });

  it('settles accounts stored before organisations at their next refresh: the first to come is the administrator', async () => {
    const earlier = await signUp('early@legacy.org', 'Early');
    const later = await signUp('late@legacy.org', 'Late');
    const store = api.app.get(DocumentStores).get('accounts');
    const identities = store.collection<{ id: string; organisationId?: unknown; organisationName?: unknown; roles?: unknown }>('identities');
    for (const account of [earlier, later]) {
      const { organisationId: _id, organisationName: _name, roles: _roles, ...stored } = (await identities.get(account.uid))!;
      await identities.put(stored);
    }
    await store.collection('organisations').delete('legacy.org');
    expect(await me(earlier.token)).toMatchObject({ organisation: null, roles: [] });

    const laterRefreshed = await api.request('POST', '/auth/refresh', { headers: { cookie: later.cookie } });
    expect(decodeJwt(laterRefreshed.body.access_token)).toMatchObject({ org: 'legacy.org', roles: ['administrator'] });
    const earlierRefreshed = await api.request('POST', '/auth/refresh', { headers: { cookie: earlier.cookie } });
    expect(decodeJwt(earlierRefreshed.body.access_token)).toMatchObject({ org: 'legacy.org', roles: [] });
    const members = await api.request('GET', '/auth/organisation/members', { token: laterRefreshed.body.access_token });
    expect(members.body.members.map((member: { email: string }) => member.email)).toEqual(['early@legacy.org', 'late@legacy.org']);
  });

  it('keeps the administrator of an account stored before organisations that two requests settle at once', async () => {
    const account = await signUp('solo@annex.org', 'Solo');
    const store = api.app.get(DocumentStores).get('accounts');
    const identities = store.collection<{ id: string; organisationId?: unknown; organisationName?: unknown; roles?: unknown }>('identities');
    const { organisationId: _id, organisationName: _name, roles: _roles, ...stored } = (await identities.get(account.uid))!;
    await identities.put(stored);
    await store.collection('organisations').delete('annex.org');
    const repository = api.app.get(IdentitiesRepository);
    const legacy = (await repository.byId(account.uid))!;
    await Promise.all([repository.settleInOrganisation(legacy, 'annex.org'), repository.settleInOrganisation(legacy, 'annex.org')]);
    expect(await repository.byId(account.uid)).toMatchObject({ organisationId: 'annex.org', roles: ['administrator'] });
  });

  it("erases the administrator's account and hands the organisation to its oldest other account", async () => {
    const administrator = await signUp('lead@cottage.org', 'Lead');
    const first = await signUp('first@cottage.org', 'First Member');
    await signUp('second@cottage.org', 'Second Member');
    expect((await api.request('DELETE', `/users/${administrator.uid}`, { token: administrator.token })).status).toBe(200);

    const members = await eventually(
      async () => (await api.request('GET', '/auth/organisation/members', { token: (await api.request('POST', '/auth/login', { body: { email: first.email, password: 'Sup3rSecret' } })).body.access_token })).body,
      (body) => Array.isArray(body.members),
    );
    expect(members.members.map((member: { email: string; roles: string[] }) => [member.email, member.roles])).toEqual([
      ['first@cottage.org', ['administrator']],
      ['second@cottage.org', []],
    ]);
    expect(JSON.stringify(members)).not.toContain(administrator.uid);
  });
});

describe('accounts: organisation and roles from a federated provider', () => {
  let provider: ClaimsProvider;
  let api: TestApp;

  beforeAll(async () => {
    provider = await startClaimsProvider();
    api = await startAccounts({ OIDC_ISSUER_URL: provider.issuer, OIDC_CLIENT_ID: provider.clientId, AUTH_ORGANISATION_CLAIM: 'groups' });
  });
  afterAll(async () => {
    await api.close();
    await provider?.close();
  });

  async function signInAtProvider(user: ProviderUser) {
    const start = await fetch(`${api.url}/auth/oidc/start`, { redirect: 'manual' });
    const authorization = start.headers.get('location')!;
    const state = new URL(authorization).searchParams.get('state')!;
    const callback = await fetch(`${api.url}/auth/oidc/callback?code=${provider.codeFor(authorization, user)}&state=${state}`);
    const outcome = outcomeOf(await callback.text());
    expect(outcome.error).toBeUndefined();
    return outcome.result as { access_token: string; user: { uid: string } };
  }

  it('maps a Keycloak group path and realm roles to the organisation and roles of the account and its tokens', async () => {
    const session = await signInAtProvider({
      sub: 'kc-asha',
      idToken: { email: 'asha@stmarys.example', name: 'Asha Rao', groups: ['/hospitals/st-marys'], organisation_name: "St Mary's Hospital", realm_access: { roles: ['cairn-editor', 'offline_access'] } },
    });
    expect(decodeJwt(session.access_token)).toMatchObject({ org: 'st-marys', org_name: "St Mary's Hospital", roles: ['editor'] });
    expect(await (await api.request('GET', '/auth/me', { token: session.access_token })).body).toMatchObject({
      organisation: { id: 'st-marys', name: "St Mary's Hospital" },
      roles: ['editor'],
    });
  });

  it('reads claims the ID token lacks from userinfo, and takes them again at every federated sign-in', async () => {
    const first = await signInAtProvider({
      sub: 'kc-ravi',
      idToken: { email: 'ravi@stmarys.example', name: 'Ravi Menon' },
      userInfo: { groups: ['/hospitals/st-marys'], realm_access: { roles: ['cairn-administrator'] } },
    });
    expect(decodeJwt(first.access_token)).toMatchObject({ org: 'st-marys', org_name: 'st-marys', roles: ['administrator'] });

    const second = await signInAtProvider({ sub: 'kc-ravi', idToken: { email: 'ravi@stmarys.example', name: 'Ravi Menon', groups: [], realm_access: { roles: [] } } });
    expect(second.user.uid).toBe(first.user.uid);
    const claims = decodeJwt(second.access_token);
    expect(claims.roles).toEqual([]);
    expect(claims).not.toHaveProperty('org');
    expect((await api.request('GET', '/auth/me', { token: second.access_token })).body).toMatchObject({ organisation: null, roles: [] });
  });

  it('signs in a user without organisation claims when the provider refuses userinfo, keeping a membership it gave before', async () => {
    const session = await signInAtProvider({ sub: 'kc-locum', idToken: { email: 'locum@agency.example', name: 'Locum' }, userInfo: null });
    expect(decodeJwt(session.access_token)).toMatchObject({ email: 'locum@agency.example', roles: [] });

    await signInAtProvider({ sub: 'kc-lee', idToken: { email: 'lee@stmarys.example', name: 'Lee', groups: ['/hospitals/st-marys'], realm_access: { roles: ['cairn-editor'] } } });
    const refused = await signInAtProvider({ sub: 'kc-lee', idToken: { email: 'lee@stmarys.example', name: 'Lee' }, userInfo: null });
    expect(decodeJwt(refused.access_token)).toMatchObject({ org: 'st-marys', roles: ['editor'] });
  });
});
