import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { Topics } from '@cairn/contracts';
import { EVENT_BUS, type EventBus } from '@cairn/platform';
import { eventually, signUpTestUser, startTestApp, type TestApp } from '@cairn/testing';
import { AccountsAppModule } from '../src/app.module.js';

describe('accounts: identity basics', () => {
  let api: TestApp;

  beforeAll(async () => {
    api = await startTestApp((config) => AccountsAppModule.forRoot(config), { service: 'accounts' });
  });
  afterAll(async () => {
    await api.close();
  });

  describe('POST /auth/signup', () => {
    it('creates an account and returns a session', async () => {
      const response = await api.request('POST', '/auth/signup', {
        body: { email: ' Asha.Rao@Ward.org ', password: 'Sup3rSecret', displayName: ' Asha Rao ' },
      });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        access_token: expect.any(String),
        token_type: 'Bearer',
        expires_in: 900,
        user: { uid: expect.any(String), email: 'asha.rao@ward.org', displayName: 'Asha Rao', photoURL: null, provider: 'password' },
      });
    });

    it.each([
      [{ email: 'a@b.co', password: 'secret1' }, 400, 'missing_fields', 'Please fill in all fields'],
      [{ email: '', password: 'secret1', displayName: 'A' }, 400, 'missing_fields', 'Please fill in all fields'],
      [{ email: 'a@b.co', password: 'abc', displayName: 'A' }, 400, 'weak_password', 'Password must be at least 6 characters'],
      [{ email: 'not-an-email', password: 'secret1', displayName: 'A' }, 400, 'invalid_email', 'Invalid email address'],
      [{ email: 7, password: 'secret1', displayName: 'A' }, 400, 'invalid_input', expect.stringContaining('email')],
    ])('refuses %j', async (body, status, category, message) => {
      const response = await api.request('POST', '/auth/signup', { body });
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ detail: expect.objectContaining({ category, message }) });
    });

    it('refuses an e-mail that is taken, whatever its case, with 409', async () => {
      const user = await signUpTestUser(api);
      const response = await api.request('POST', '/auth/signup', {
        body: { email: user.email.toUpperCase(), password: 'another1', displayName: 'Twin' },
      });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: { category: 'email_in_use', message: 'An account with this email already exists' } });
    });

    it('answers malformed JSON with a 400 in the error shape and no stack', async () => {
      const response = await api.request('POST', '/auth/signup', { body: '{"email":', headers: { 'content-type': 'application/json' } });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: { category: 'invalid_input', message: 'Request body is not valid JSON' } });
      expect(JSON.stringify(response.body)).not.toMatch(/at .*\.(js|ts):\d+/);
    });
  });

  describe('POST /auth/login', () => {
    it('signs in with the right password', async () => {
      const user = await signUpTestUser(api, 'Dr Login');
      const response = await api.request('POST', '/auth/login', { body: { email: user.email, password: user.password } });
      expect(response.status).toBe(200);
      expect(response.body.user).toMatchObject({ uid: user.uid, email: user.email, displayName: 'Dr Login' });
      expect(response.body.token_type).toBe('Bearer');
    });

    it('tells an unknown e-mail from a wrong password, with the spec texts', async () => {
      const user = await signUpTestUser(api);
      const unknown = await api.request('POST', '/auth/login', { body: { email: 'nobody@cairn.test', password: 'whatever' } });
      expect(unknown.status).toBe(401);
      expect(unknown.body.detail).toEqual({ category: 'user_not_found', message: 'No account found with this email address' });
      const wrong = await api.request('POST', '/auth/login', { body: { email: user.email, password: 'wrong-password' } });
      expect(wrong.status).toBe(401);
      expect(wrong.body.detail).toEqual({ category: 'wrong_password', message: 'Incorrect password' });
    });

    it('needs both fields', async () => {
      const response = await api.request('POST', '/auth/login', { body: { email: 'a@b.co' } });
      expect(response.status).toBe(400);
      expect(response.body.detail).toEqual({ category: 'missing_fields', message: 'Please fill in all fields' });
    });

    it('locks an e-mail after five failed attempts, even for the right password, with 429', async () => {
      const user = await signUpTestUser(api);
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await api.request('POST', '/auth/login', { body: { email: user.email, password: `wrong-${attempt}` } });
        expect(response.status).toBe(401);
      }
      const locked = await api.request('POST', '/auth/login', { body: { email: user.email, password: user.password } });
      expect(locked.status).toBe(429);
      expect(locked.body.detail).toEqual({ category: 'too_many_attempts', message: 'Too many failed attempts. Please try again later' });
    });
  });

  describe('tokens', () => {
    it('are ES256 JWTs that verify against the published JWKS', async () => {
      const user = await signUpTestUser(api);
      const jwksResponse = await api.request('GET', '/.well-known/jwks.json');
      expect(jwksResponse.status).toBe(200);
      expect(jwksResponse.body.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: expect.any(String) });
      expect(jwksResponse.body.keys[0]).not.toHaveProperty('d');
      const jwks = createRemoteJWKSet(new URL(`${api.url}/.well-known/jwks.json`));
      const { payload, protectedHeader } = await jwtVerify(user.token, jwks, { issuer: 'cairn', audience: 'cairn' });
      expect(protectedHeader.alg).toBe('ES256');
      expect(payload.sub).toBe(user.uid);
      expect(payload.email).toBe(user.email);
      expect(payload.exp! - payload.iat!).toBe(900);
    });

    it('GET /auth/me needs a valid bearer token', async () => {
      const user = await signUpTestUser(api, 'Me Myself');
      expect((await api.request('GET', '/auth/me')).status).toBe(401);
      expect((await api.request('GET', '/auth/me', { token: 'not.a.jwt' })).status).toBe(401);
      const me = await api.request('GET', '/auth/me', { token: user.token });
      expect(me.status).toBe(200);
      expect(me.body.user).toMatchObject({ uid: user.uid, displayName: 'Me Myself' });
    });

    it('refuses a token signed by a key that is not ours, and an expired one', async () => {
      const user = await signUpTestUser(api);
      const { privateKey, publicKey } = await generateKeyPair('ES256');
      const jwks = await api.request('GET', '/.well-known/jwks.json');
      const forged = await new SignJWT({ email: user.email })
        .setProtectedHeader({ alg: 'ES256', kid: jwks.body.keys[0].kid })
        .setSubject(user.uid)
        .setIssuer('cairn')
        .setAudience('cairn')
        .setExpirationTime('1h')
        .sign(privateKey);
      expect(await exportJWK(publicKey)).toBeDefined();
      const response = await api.request('GET', '/auth/me', { token: forged });
      expect(response.status).toBe(401);
      expect(response.body.detail.category).toBe('unauthorized');
    });

    it('PUT /auth/me renames the account', async () => {
      const user = await signUpTestUser(api);
      const renamed = await api.request('PUT', '/auth/me', { token: user.token, body: { displayName: 'Dr New Name' } });
      expect(renamed.status).toBe(200);
      expect(renamed.body.user.displayName).toBe('Dr New Name');
      const blank = await api.request('PUT', '/auth/me', { token: user.token, body: { displayName: '  ' } });
      expect(blank.status).toBe(400);
      expect(blank.body.detail.field).toBe('displayName');
    });
  });

  describe('DELETE /users/{userId}', () => {
    it("is a 403 for another user's id and a 401 without a token", async () => {
      const mallory = await signUpTestUser(api);
      const victim = await signUpTestUser(api);
      expect((await api.request('DELETE', `/users/${victim.uid}`)).status).toBe(401);
      const response = await api.request('DELETE', `/users/${victim.uid}`, { token: mallory.token });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: { category: 'forbidden', message: 'Access denied' } });
      const stillThere = await api.request('POST', '/auth/login', { body: { email: victim.email, password: victim.password } });
      expect(stillThere.status).toBe(200);
    });

    it('deletes the own account and announces user.deleted', async () => {
      const user = await signUpTestUser(api);
      const bus = api.app.get<EventBus>(EVENT_BUS);
      const deleted: string[] = [];
      await bus.subscribe(Topics.userDeleted, 'accounts-test', async (event) => void deleted.push(event.payload.userId));
      const response = await api.request('DELETE', `/users/${user.uid}`, { token: user.token });
      expect(response.status).toBe(200);
      expect(response.body.success).toBe(true);
      // The identity goes when accounts consumes its own user.deleted, a moment after the answer.
      const signIn = () => api.request('POST', '/auth/login', { body: { email: user.email, password: user.password } });
      const login = await eventually(signIn, (answer) => answer.status !== 200, 5_000, 20);
      expect(login.body.detail.category).toBe('user_not_found');
      expect(await eventually(async () => deleted, (uids) => uids.length > 0, 5_000, 20)).toEqual([user.uid]);
    });
  });

  describe('operations endpoints', () => {
    it('serves health, readiness and metrics without a token', async () => {
      expect((await api.request('GET', '/healthz')).body).toEqual({ status: 'ok' });
      const ready = await api.request('GET', '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body.checks).toMatchObject({ 'documents:accounts': 'ok' });
      const metrics = await fetch(`${api.url}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(/cairn_http_request_duration_seconds_bucket\{.*route="\/auth\/signup"/);
    });

    it('answers unknown routes with a JSON 404', async () => {
      const response = await api.request('GET', '/nope');
      expect(response.status).toBe(404);
      expect(response.body.detail.category).toBe('not_found');
    });
  });
});
