import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { decodeJwt } from 'jose';
import { Topics } from '@cairn/contracts';
import { EVENT_BUS, type EventBus } from '@cairn/platform';
import { ConversationsAppModule } from '@cairn/conversations';
import { signUpTestUser, startTestApp, type TestApp, type TestUser } from '@cairn/testing';
import { StandaloneModule } from '../src/index.js';

/** One call to each service that needs the user's token. */
const everyService = (user: TestUser): [string, string, unknown?][] => [
  ['GET', '/auth/me'],
  ['GET', `/conversations/${user.uid}?limit=10`],
  ['GET', `/protocols/saved/${user.uid}?limit=20`],
  ['POST', `/protocols/search?use_hybrid=true&enhance_query=true&user_id=${user.uid}`, { query: 'dengue symptoms' }],
  ['POST', '/protocols/generate', { title: 'dengue symptoms', context_snippets: ['Give oral fluids to a person with dengue.'] }],
  ['GET', `/users/${user.uid}/protocols?size=20`],
];

describe('a session that ended is refused at once by every service (standalone)', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp((config) => StandaloneModule.forRoot(config), { service: 'standalone', prefix: 'api', env: { EMBEDDER: 'none' } });
  }, 120_000);
  afterAll(async () => {
    await server.close();
  });

  const statuses = async (user: TestUser, token: string) =>
    Promise.all(everyService(user).map(async ([method, path, body]) => [path, (await server.request(method, path, { token, body })).status]));

  it('signing out ends that session only; signing in again works', async () => {
    const user = await signUpTestUser(server);
    const other = await server.request('POST', '/auth/login', { body: { email: user.email, password: user.password } });
    expect((await statuses(user, user.token)).every(([, status]) => status === 200)).toBe(true);
    expect((await server.request('POST', '/auth/logout', { token: user.token })).body).toEqual({ success: true });
    for (const [path, status] of await statuses(user, user.token)) expect([path, status]).toEqual([path, 401]);
    expect((await server.request('GET', '/auth/me', { token: user.token })).body.detail.message).toBe('Your session has ended. Please log in again.');
    expect((await server.request('GET', '/auth/me', { token: other.body.access_token })).status).toBe(200);
    const again = await server.request('POST', '/auth/login', { body: { email: user.email, password: user.password } });
    expect((await server.request('GET', `/conversations/${user.uid}`, { token: again.body.access_token })).status).toBe(200);
  });

  it('a refresh token presented again after it was rotated ends the session on every route', async () => {
    const user = await signUpTestUser(server);
    const signIn = await server.request('POST', '/auth/login', { body: { email: user.email, password: user.password } });
    const cookieOf = (response: { headers: Headers }) => response.headers.getSetCookie()[0].split(';')[0];
    const stolen = cookieOf(signIn);
    const rotated = await server.request('POST', '/auth/refresh', { headers: { cookie: stolen } });
    expect(rotated.status).toBe(200);
    await server.request('POST', '/auth/refresh', { headers: { cookie: cookieOf(rotated) } });
    expect((await server.request('POST', '/auth/refresh', { headers: { cookie: stolen } })).status).toBe(401);
    for (const [path, status] of await statuses(user, rotated.body.access_token)) expect([path, status]).toEqual([path, 401]);
    expect((await statuses(user, user.token)).every(([, status]) => status === 200)).toBe(true);
  });

  it("a deleted account's tokens are refused on every route", async () => {
    const user = await signUpTestUser(server);
    expect((await server.request('DELETE', `/users/${user.uid}`, { token: user.token })).status).toBe(200);
    for (const [path, status] of await statuses(user, user.token)) expect([path, status]).toEqual([path, 401]);
  });
});

describe('a service started alone hears of ended sessions over the bus', () => {
  let service: TestApp;

  beforeAll(async () => {
    service = await startTestApp((config) => ConversationsAppModule.forRoot(config), { service: 'conversations' });
  });
  afterAll(async () => {
    await service.close();
  });

  it('refuses a signed-out session and a deleted account', async () => {
    const bus = service.app.get<EventBus>(EVENT_BUS) as EventBus & { idle(): Promise<void> };
    const signedOut = await service.tokenFor('nurse-1');
    const stillIn = await service.tokenFor('nurse-1');
    const deleted = await service.tokenFor('nurse-2');
    expect((await service.request('GET', '/conversations/nurse-1', { token: signedOut })).status).toBe(200);
    await bus.publish(Topics.userSignedOut, { userId: 'nurse-1', sessionId: decodeJwt(signedOut).jti });
    await bus.publish(Topics.userDeleted, { userId: 'nurse-2' });
    await bus.idle();
    expect((await service.request('GET', '/conversations/nurse-1', { token: signedOut })).status).toBe(401);
    expect((await service.request('GET', '/conversations/nurse-1', { token: stillIn })).status).toBe(200);
    expect((await service.request('GET', '/conversations/nurse-2', { token: deleted })).status).toBe(401);
  });
});
