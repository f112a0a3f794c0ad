import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { decodeJwt } from 'jose';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DocumentStores } from '@cairn/platform';
import { startTestApp, type JsonResponse, type TestApp } from '@cairn/testing';
import { AccountsAppModule } from '../src/app.module.js';
import { SigningKeys } from '../src/keys/signing-keys.js';

const refreshCookieOf = (response: JsonResponse) => response.headers.getSetCookie().find((cookie) => cookie.startsWith('cairn_refresh=')) ?? '';
const cookieValue = (setCookie: string) => setCookie.split(';')[0];

describe('accounts: sessions, re-authentication and deletion', () => {
  let api: TestApp;
  let counter = 0;

  beforeAll(async () => {
    api = await startTestApp((config) => AccountsAppModule.forRoot(config), { service: 'accounts' });
  });
  afterAll(async () => {
    await api.close();
  });

  async function signUp() {
    const email = `session-${++counter}-${Date.now()}@cairn.test`;
    const response = await api.request('POST', '/auth/signup', { body: { email, password: 'Sup3rSecret', displayName: 'Dr Session' } });
    expect(response.status).toBe(201);
    return { email, password: 'Sup3rSecret', uid: response.body.user.uid as string, token: response.body.access_token as string, cookie: cookieValue(refreshCookieOf(response)) };
  }
  const refresh = (cookie: string) => api.request('POST', '/auth/refresh', { headers: { cookie } });

  it('hands the refresh token over only as an httpOnly, Secure, SameSite=Strict cookie for the auth routes, beside a 15-minute access token', async () => {
    const response = await api.request('POST', '/auth/signup', { body: { email: `cookie-${Date.now()}@cairn.test`, password: 'Sup3rSecret', displayName: 'Dr Cookie' } });
    const cookie = refreshCookieOf(response);
    expect(cookie).toMatch(/^cairn_refresh=[\w-]+\.[\w-]+; Path=\/auth; Max-Age=604800; HttpOnly; Secure; SameSite=Strict$/);
    expect(Object.keys(response.body).sort()).toEqual(['access_token', 'expires_in', 'token_type', 'user']);
    const claims = decodeJwt(response.body.access_token);
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(claims.sid).toBe(cookieValue(cookie).split('=')[1].split('.')[0]);
    expect(Math.abs((claims.auth_time as number) - Date.now() / 1000)).toBeLessThan(5);
  });

  it('rotates the refresh token on every use and ends the whole session when an old one comes back', async () => {
    const user = await signUp();
    const first = await refresh(user.cookie);
    expect(first.status).toBe(200);
    const second = cookieValue(refreshCookieOf(first));
    expect(second).not.toBe(user.cookie);
    expect(decodeJwt(first.body.access_token).sid).toBe(decodeJwt(user.token).sid);
    const third = await refresh(second);
    expect(third.status).toBe(200);

    const replayed = await refresh(user.cookie);
    expect(replayed.status).toBe(401);
    expect(replayed.body.detail).toEqual({ category: 'session_ended', message: 'Your session has ended. Please log in again.' });
    expect(refreshCookieOf(replayed)).toMatch(/^cairn_refresh=; .*Max-Age=0/);
    expect((await refresh(cookieValue(refreshCookieOf(third)))).status).toBe(401);
    expect((await api.request('GET', '/auth/me', { token: third.body.access_token })).status).toBe(401);
  });

  it('lets two tabs refresh with the same cookie at once (the one rotated away is honoured for a few seconds)', async () => {
    const user = await signUp();
    const [a, b] = await Promise.all([refresh(user.cookie), refresh(user.cookie)]);
    expect([a.status, b.status]).toEqual([200, 200]);
  });

  it('refuses a missing or made-up refresh cookie', async () => {
    expect((await api.request('POST', '/auth/refresh')).status).toBe(401);
    expect((await refresh('cairn_refresh=nope.nope')).status).toBe(401);
  });

  it('ends the session on logout: its access token and refresh cookie stop working, other sessions go on', async () => {
    const user = await signUp();
    const other = await api.request('POST', '/auth/login', { body: { email: user.email, password: user.password } });
    const out = await api.request('POST', '/auth/logout', { token: user.token, headers: { cookie: user.cookie } });
    expect(out.status).toBe(200);
    expect(refreshCookieOf(out)).toMatch(/Max-Age=0/);
    expect((await api.request('GET', '/auth/me', { token: user.token })).body.detail.message).toBe('Your session has ended. Please log in again.');
    expect((await refresh(user.cookie)).status).toBe(401);
    expect((await api.request('GET', '/auth/me', { token: other.body.access_token })).status).toBe(200);
  });

  it('re-authenticates with the password for a fresh auth_time, with the spec categories for a wrong one', async () => {
    const user = await signUp();
    const wrong = await api.request('POST', '/auth/reauthenticate', { token: user.token, body: { password: 'not-it' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail.category).toBe('wrong_password');
    const blank = await api.request('POST', '/auth/reauthenticate', { token: user.token, body: {} });
    expect(blank.body.detail).toMatchObject({ category: 'missing_fields', message: 'Please enter your password to confirm deletion.' });
    const right = await api.request('POST', '/auth/reauthenticate', { token: user.token, body: { password: user.password } });
    expect(right.status).toBe(200);
    expect(decodeJwt(right.body.access_token).sid).toBe(decodeJwt(user.token).sid);
    for (let attempt = 0; attempt < 5; attempt++) await api.request('POST', '/auth/reauthenticate', { token: user.token, body: { password: `wrong-${attempt}` } });
    const locked = await api.request('POST', '/auth/reauthenticate', { token: user.token, body: { password: user.password } });
    expect(locked.status).toBe(429);
    expect(locked.body.detail.category).toBe('too_many_attempts');
  });

  it('refuses to delete an account whose sign-in is older than five minutes, and deletes it after re-authentication', async () => {
    const user = await signUp();
    const claims = decodeJwt(user.token);
    const stale = await api.app.get(SigningKeys).sign({
      sub: user.uid,
      email: user.email,
      name: 'Dr Session',
      sid: claims.sid as string,
      authTime: Math.floor(Date.now() / 1000) - 301,
      membership: { roles: [] },
    });
    const refused = await api.request('DELETE', `/users/${user.uid}`, { token: stale });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toEqual({
      category: 'requires_recent_login',
      message: 'For security reasons, please log out and log back in before deleting your account.',
    });
    const fresh = await api.request('POST', '/auth/reauthenticate', { token: stale, body: { password: user.password } });
    expect((await api.request('DELETE', `/users/${user.uid}`, { token: fresh.body.access_token })).status).toBe(200);
  });

  it('erases the identity, its sessions, reset tokens and failure records, and refuses every token of the account', async () => {
    const user = await signUp();
    await api.request('POST', '/auth/password-reset', { body: { email: user.email } });
    await api.request('POST', '/auth/login', { body: { email: user.email, password: 'wrong-once' } });
    expect((await api.request('DELETE', `/users/${user.uid}`, { token: user.token })).status).toBe(200);
    expect((await api.request('GET', '/auth/me', { token: user.token })).status).toBe(401);
    expect((await refresh(user.cookie)).status).toBe(401);
    const store = api.app.get(DocumentStores).get('accounts');
    const traces = async () => {
      const found: string[] = [];
      for (const name of ['identities', 'identity_emails', 'organisations', 'sessions', 'password_reset_tokens', 'sign_in_failures']) {
        const documents = await store.collection<{ id: string }>(name).find();
        if (JSON.stringify(documents).includes(user.uid) || JSON.stringify(documents).includes(user.email)) found.push(name);
      }
      return found;
    };
    for (let wait = 0; wait < 40 && (await traces()).length > 0; wait++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await traces()).toEqual([]);
  });

  it('ends every session of the account when its password is reset, and limits reset e-mails to three an hour', async () => {
    const user = await signUp();
    const laptop = await api.request('POST', '/auth/login', { body: { email: user.email, password: user.password } });
    expect((await api.request('POST', '/auth/password-reset', { body: { email: user.email } })).status).toBe(200);
    const outbox = join(api.config.DATA_DIR, 'outbox');
    const mail = readFileSync(join(outbox, readdirSync(outbox).filter((name) => name.includes(user.email)).sort().at(-1)!), 'utf8');
    const token = /token=([\w-]+)/.exec(mail)![1];
    expect((await api.request('POST', '/auth/password-reset/confirm', { body: { token, password: 'N3wSecret' } })).status).toBe(200);
    expect((await api.request('GET', '/auth/me', { token: user.token })).status).toBe(401);
    expect((await api.request('GET', '/auth/me', { token: laptop.body.access_token })).status).toBe(401);
    expect((await refresh(user.cookie)).status).toBe(401);

    expect((await api.request('POST', '/auth/password-reset', { body: { email: user.email } })).status).toBe(200);
    expect((await api.request('POST', '/auth/password-reset', { body: { email: user.email } })).status).toBe(200);
    const fourth = await api.request('POST', '/auth/password-reset', { body: { email: user.email } });
    expect(fourth.status).toBe(429);
    expect(fourth.body.detail.category).toBe('too_many_attempts');
  });
});

describe('accounts behind a trusted proxy (TRUST_PROXY)', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApp((config) => AccountsAppModule.forRoot(config), { service: 'accounts', env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await api.close();
  });

  it('sends HSTS for requests that reached the proxy over TLS', async () => {
    const response = await api.request('GET', '/healthz', { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect((await api.request('GET', '/healthz')).headers.get('strict-transport-security')).toBeNull();
  });

  it('throttles sign-in failures by the client address the proxy saw, not by the proxy', async () => {
    const attempt = (address: string) =>
      api.request('POST', '/auth/login', { body: { email: `nobody-${address}-${Math.random()}@cairn.test`, password: 'wrong1' }, headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 30; i++) await attempt('203.0.113.7');
    expect((await attempt('203.0.113.7')).status).toBe(429);
    expect((await attempt('198.51.100.4')).status).toBe(401);
  });
});
