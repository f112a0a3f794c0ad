import { beforeEach, describe, expect, it } from '@jest/globals';
import { ApiClient, type Timers } from '../api/api-client';
import { AccountsResource, type AuthResponse } from './accounts.resource';
import { AuthError, type CairnUser } from './auth-client';
import { LocalAuthClient, REFRESH_AHEAD_MS, REFRESH_RETRY_MS, type BrowserTabs } from './local-auth-client';
import { LEGACY_SESSION_STORAGE_KEY, type AuthNotice, type KeyValueStorage } from './session';

const asha: CairnUser = { uid: 'u-asha', email: 'asha@ward.org', displayName: 'Asha Rao', photoURL: null, provider: 'password' };

function memoryStorage(): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** Timers that only fire when the test says so. */
function manualTimers() {
  let pending: { at: number; callback: () => void; cleared: boolean }[] = [];
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      const timer = { at: clock.now + ms, callback, cleared: false };
      pending.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
  };
  const advance = (ms: number) => {
    clock.now += ms;
    const due = pending.filter((timer) => !timer.cleared && timer.at <= clock.now);
    pending = pending.filter((timer) => !due.includes(timer));
    due.forEach((timer) => timer.callback());
  };
  return { timers, advance };
}

const clock = { now: 1_700_000_000_000 };

type Route = (init: RequestInit) => Response | Promise<Response>;

function accountsService(routes: Record<string, Route>) {
  const calls: { key: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    const key = `${init.method} ${url}`;
    calls.push({ key, init });
    const route = routes[key];
    if (!route) return json(404, { detail: { message: 'Not Found', category: 'not_found' } });
    return route(init);
  }) as unknown as typeof fetch;
  return { fetchImpl, calls };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
let issued = 0;
const authResponse = (user = asha, expiresIn = 900): AuthResponse => ({
  access_token: `token-${user.uid}-${++issued}`,
  token_type: 'Bearer',
  expires_in: expiresIn,
  user,
});

function fakeTabs() {
  const announced: AuthNotice[] = [];
  let deliver: (notice: AuthNotice) => void = () => {};
  const tabs: BrowserTabs = {
    announce: (notice) => void announced.push(notice),
    listen: (onNotice) => {
      deliver = onNotice;
      return () => {};
    },
  };
  return { tabs, announced, fromOtherTab: (notice: AuthNotice) => deliver(notice) };
}

function setup(routes: Record<string, Route>, storage = memoryStorage()) {
  const { fetchImpl, calls } = accountsService(routes);
  const { timers, advance } = manualTimers();
  const { tabs, announced, fromOtherTab } = fakeTabs();
  const holder: { client?: LocalAuthClient } = {};
  const api = new ApiClient({ baseUrl: '/api', fetch: fetchImpl, timers, getAccessToken: () => holder.client!.getAccessToken() });
  const client = (holder.client = new LocalAuthClient({ accounts: new AccountsResource(api), storage, now: () => clock.now, timers, tabs }));
  const states: (CairnUser | null)[] = [];
  client.onAuthStateChanged((user) => states.push(user));
  return { client, storage, calls, advance, states, announced, fromOtherTab };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const noSession = () => json(401, { detail: { message: 'Your session has ended. Please log in again.', category: 'session_ended' } });

beforeEach(() => {
  clock.now = 1_700_000_000_000;
  issued = 0;
});

describe('LocalAuthClient', () => {
  it('is signed out without a refresh cookie, and tells listeners only once the state is known', async () => {
    const { client, states, calls } = setup({ 'POST /api/auth/refresh': noSession });
    expect(states).toEqual([]);
    await client.init();
    expect(states).toEqual([null]);
    expect(client.currentUser()).toBeNull();
    expect(calls.map((call) => call.key)).toEqual(['POST /api/auth/refresh']);
    expect(calls[0].init.headers).not.toHaveProperty('Authorization');
  });

  it('calls a late listener at once with the known state', async () => {
    const { client } = setup({ 'POST /api/auth/refresh': noSession });
    await client.init();
    const seen: (CairnUser | null)[] = [];
    client.onAuthStateChanged((user) => seen.push(user));
    expect(seen).toEqual([null]);
  });

  it('finds the session again from the refresh cookie after a reload, and removes a token an earlier version stored', async () => {
    const storage = memoryStorage();
    storage.setItem(LEGACY_SESSION_STORAGE_KEY, JSON.stringify({ accessToken: 'old', expiresAt: clock.now + 60_000, user: asha }));
    const { client, states } = setup({ 'POST /api/auth/refresh': () => json(200, authResponse()) }, storage);
    await client.init();
    expect(states).toEqual([asha]);
    await expect(client.getAccessToken()).resolves.toBe('token-u-asha-1');
    expect(storage.items.size).toBe(0);
  });

  it('signs up, keeps the token in memory only and tells the other tabs', async () => {
    const { client, storage, states, calls, announced } = setup({
      'POST /api/auth/refresh': noSession,
      'POST /api/auth/signup': () => json(201, authResponse()),
    });
    await client.init();
    await expect(client.signUp({ email: ' asha@ward.org ', password: 'Secret12', displayName: ' Asha Rao ' })).resolves.toEqual(asha);
    expect(JSON.parse(calls[1].init.body as string)).toEqual({ email: 'asha@ward.org', password: 'Secret12', displayName: 'Asha Rao' });
    expect(states).toEqual([null, asha]);
    expect(storage.items.size).toBe(0);
    expect(announced).toEqual(['signed-in']);
    await expect(client.getAccessToken()).resolves.toBe('token-u-asha-1');
  });

  it('renews the access token a minute before it expires, without telling listeners again', async () => {
    const { client, states, calls, advance } = setup({ 'POST /api/auth/refresh': () => json(200, authResponse()) });
    await client.init();
    advance(900_000 - REFRESH_AHEAD_MS - 1);
    expect(calls).toHaveLength(1);
    advance(1);
    await flush();
    expect(calls).toHaveLength(2);
    await expect(client.getAccessToken()).resolves.toBe('token-u-asha-2');
    expect(states).toEqual([asha]);
  });

  it('renews an expired token before handing it out, once for callers at the same time', async () => {
    const { client, calls } = setup({ 'POST /api/auth/refresh': () => json(200, authResponse()) });
    await client.init();
    clock.now += 900_000;
    const tokens = await Promise.all([client.getAccessToken(), client.getAccessToken()]);
    expect(tokens).toEqual(['token-u-asha-2', 'token-u-asha-2']);
    expect(calls.filter((call) => call.key === 'POST /api/auth/refresh')).toHaveLength(2);
  });

  it('signs out when the service refuses the renewal (session ended elsewhere)', async () => {
    let refreshes = 0;
    const { client, states, advance } = setup({ 'POST /api/auth/refresh': () => (++refreshes === 1 ? json(200, authResponse()) : noSession()) });
    await client.init();
    advance(900_000 - REFRESH_AHEAD_MS);
    await flush();
    expect(client.currentUser()).toBeNull();
    expect(states).toEqual([asha, null]);
  });

  it('keeps the clinician signed in while the service cannot be reached, and tries again', async () => {
    let refreshes = 0;
    const { client, calls, advance } = setup({
      'POST /api/auth/refresh': () => (++refreshes === 2 ? Promise.reject(new TypeError('Failed to fetch')) : json(200, authResponse())),
    });
    await client.init();
    advance(900_000 - REFRESH_AHEAD_MS);
    await flush();
    expect(client.currentUser()).toEqual(asha);
    await expect(client.getAccessToken()).resolves.toBe('token-u-asha-1');
    advance(REFRESH_RETRY_MS);
    await flush();
    expect(calls).toHaveLength(3);
    await expect(client.getAccessToken()).resolves.toBe('token-u-asha-2');
  });

  it('re-authenticates with the password and uses the fresher token', async () => {
    const { client, calls } = setup({
      'POST /api/auth/refresh': () => json(200, authResponse()),
      'POST /api/auth/reauthenticate': () => json(200, authResponse()),
    });
    await client.init();
    await client.reauthenticate('Secret12');
    expect(calls[1].init.headers).toMatchObject({ Authorization: 'Bearer token-u-asha-1' });
    expect(JSON.parse(calls[1].init.body as string)).toEqual({ password: 'Secret12' });
    await expect(client.getAccessToken()).resolves.toBe('token-u-asha-2');
  });

  it.each([
    [401, 'wrong_password'],
    [401, 'user_not_found'],
    [403, 'user_disabled'],
    [429, 'too_many_attempts'],
  ])('reports a %i %s sign-in refusal by category, without retrying', async (status, category) => {
    const { client, calls } = setup({
      'POST /api/auth/refresh': noSession,
      'POST /api/auth/login': () => json(status, { detail: { message: 'refused', category } }),
    });
    await client.init();
    const failure = client.signIn('asha@ward.org', 'nope');
    await expect(failure).rejects.toBeInstanceOf(AuthError);
    await expect(failure).rejects.toMatchObject({ failure: category, status });
    expect(calls).toHaveLength(2);
    expect(client.currentUser()).toBeNull();
  });

  it('reports an unreachable service as a network failure', async () => {
    const { client } = setup({ 'POST /api/auth/refresh': noSession, 'POST /api/auth/login': () => Promise.reject(new TypeError('Failed to fetch')) });
    await client.init();
    await expect(client.signIn('a@b.co', 'x')).rejects.toMatchObject({ failure: 'network' });
  });

  it('renames the account and keeps the new name in the session', async () => {
    const renamed = { ...asha, displayName: 'A. Rao' };
    const { client, calls, states } = setup({
      'POST /api/auth/refresh': () => json(200, authResponse()),
      'PUT /api/auth/me': () => json(200, { user: renamed }),
    });
    await client.init();
    await client.updateDisplayName(' A. Rao ');
    expect(JSON.parse(calls[1].init.body as string)).toEqual({ displayName: 'A. Rao' });
    expect(calls[1].init.headers).toMatchObject({ Authorization: 'Bearer token-u-asha-1' });
    expect(client.currentUser()).toEqual(renamed);
    expect(states).toEqual([asha, renamed]);
  });

  it('asks for a password reset without a token', async () => {
    const { client, calls } = setup({ 'POST /api/auth/refresh': noSession, 'POST /api/auth/password-reset': () => new Response(null, { status: 202 }) });
    await client.init();
    await client.requestPasswordReset(' asha@ward.org ');
    expect(JSON.parse(calls[1].init.body as string)).toEqual({ email: 'asha@ward.org' });
    expect(calls[1].init.headers).not.toHaveProperty('Authorization');
  });

  it('reports a reset for an unknown address with its status', async () => {
    const { client } = setup({ 'POST /api/auth/refresh': noSession });
    await client.init();
    await expect(client.requestPasswordReset('who@ward.org')).rejects.toMatchObject({ status: 404 });
  });

  it('signs out: forgets the session, tells the other tabs and asks the server to end it', async () => {
    const { client, states, calls, announced } = setup({
      'POST /api/auth/refresh': () => json(200, authResponse()),
      'POST /api/auth/logout': () => json(200, { success: true }),
    });
    await client.init();
    await client.signOut();
    expect(states).toEqual([asha, null]);
    expect(announced).toEqual(['signed-out']);
    await expect(client.getAccessToken()).resolves.toBeNull();
    expect(calls.at(-1)!.key).toBe('POST /api/auth/logout');
    expect(calls.at(-1)!.init.headers).toMatchObject({ Authorization: 'Bearer token-u-asha-1' });
  });

  it('signs out even when the server cannot be reached', async () => {
    const { client } = setup({ 'POST /api/auth/refresh': () => json(200, authResponse()) });
    await client.init();
    await client.signOut();
    expect(client.currentUser()).toBeNull();
  });

  it('follows sign-out and sign-in in another tab', async () => {
    let signedIn = true;
    const { client, fromOtherTab } = setup({ 'POST /api/auth/refresh': () => (signedIn ? json(200, authResponse()) : noSession()) });
    await client.init();
    signedIn = false;
    fromOtherTab('signed-out');
    expect(client.currentUser()).toBeNull();
    signedIn = true;
    fromOtherTab('signed-in');
    await flush();
    expect(client.currentUser()).toEqual(asha);
  });

  it('re-authenticates an external account in the provider popup as the same user only', async () => {
    const { fetchImpl, calls } = accountsService({
      'POST /api/auth/refresh': () => json(200, authResponse({ ...asha, provider: 'oidc' })),
      'POST /api/auth/logout': () => json(200, { success: true }),
    });
    const api = new ApiClient({ baseUrl: '/api', fetch: fetchImpl, timers: manualTimers().timers });
    const popups: string[] = [];
    let next = asha;
    const client = new LocalAuthClient({
      accounts: new AccountsResource(api),
      now: () => clock.now,
      timers: manualTimers().timers,
      externalProviderStartUrl: '/api/auth/oidc/start',
      openExternalProviderPopup: async (url) => {
        popups.push(url);
        return authResponse({ ...next, provider: 'oidc' });
      },
    });
    await client.init();
    next = { ...asha, uid: 'u-someone-else' };
    await expect(client.reauthenticate()).rejects.toMatchObject({ failure: 'user_mismatch' });
    expect(calls.at(-1)!.init.headers).toMatchObject({ Authorization: 'Bearer token-u-someone-else-2' });
    expect(client.currentUser()?.uid).toBe('u-asha');
    next = asha;
    await client.reauthenticate();
    expect(popups).toEqual(['/api/auth/oidc/start?prompt=login', '/api/auth/oidc/start?prompt=login']);
    await expect(client.getAccessToken()).resolves.toBe('token-u-asha-3');
    expect(calls.at(-1)!.init.headers).toMatchObject({ Authorization: 'Bearer token-u-asha-1' });
  });

  it('offers the external provider only when configured', async () => {
    const { client } = setup({ 'POST /api/auth/refresh': noSession });
    expect(client.hasExternalProvider).toBe(false);
    await expect(client.signInWithExternalProvider()).rejects.toBeInstanceOf(AuthError);

    const api = new ApiClient({ baseUrl: '/api', fetch: (async () => json(401, {})) as unknown as typeof fetch });
    const withProvider = new LocalAuthClient({
      accounts: new AccountsResource(api),
      now: () => clock.now,
      timers: manualTimers().timers,
      externalProviderStartUrl: '/api/auth/oidc/start',
      openExternalProviderPopup: async (url) => {
        expect(url).toBe('/api/auth/oidc/start');
        return authResponse({ ...asha, provider: 'oidc' });
      },
    });
    await withProvider.init();
    expect(withProvider.hasExternalProvider).toBe(true);
    await expect(withProvider.signInWithExternalProvider()).resolves.toMatchObject({ provider: 'oidc' });
  });
});
