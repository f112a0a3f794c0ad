import { beforeEach, describe, expect, it } from '@jest/globals';
import { ApiClient, type Timers } from '../api/api-client';
import { AccountsResource, SESSION_CHECK_TIMEOUT_MS, type AuthResponse } from './accounts.resource';
import { AuthError, type CairnUser } from './auth-client';
import { LocalAuthClient } from './local-auth-client';
import { SESSION_STORAGE_KEY, type KeyValueStorage } from './session';

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
const authResponse = (user = asha, expiresIn = 3600): AuthResponse => ({
  access_token: `token-${user.uid}`,
  token_type: 'Bearer',
  expires_in: expiresIn,
  user,
});

function setup(routes: Record<string, Route>, storage = memoryStorage()) {
  const { fetchImpl, calls } = accountsService(routes);
  const { timers, advance } = manualTimers();
  const holder: { client?: LocalAuthClient } = {};
  const api = new ApiClient({ baseUrl: '/api', fetch: fetchImpl, timers, getAccessToken: () => holder.client!.getAccessToken() });
  const client = (holder.client = new LocalAuthClient({ accounts: new AccountsResource(api), storage, now: () => clock.now, timers }));
  const states: (CairnUser | null)[] = [];
  client.onAuthStateChanged((user) => states.push(user));
  return { client, storage, calls, advance, states };
}

function storeSession(storage: KeyValueStorage, expiresAt: number, user = asha) {
  storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: 'stored-token', expiresAt, user }));
}

beforeEach(() => {
  clock.now = 1_700_000_000_000;
});

describe('LocalAuthClient', () => {
  it('is signed out when nothing is stored, and tells listeners only once the state is known', async () => {
    const { client, states, calls } = setup({});
    expect(states).toEqual([]);
    await client.init();
    expect(states).toEqual([null]);
    expect(client.currentUser()).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('calls a late listener at once with the known state', async () => {
    const { client } = setup({});
    await client.init();
    const seen: (CairnUser | null)[] = [];
    client.onAuthStateChanged((user) => seen.push(user));
    expect(seen).toEqual([null]);
  });

  it('signs up, keeps the session and reports the user', async () => {
    const { client, storage, states, calls } = setup({
      'POST /api/auth/signup': () => json(201, authResponse()),
    });
    await client.init();
    await expect(client.signUp({ email: ' asha@ward.org ', password: 'Secret12', displayName: ' Asha Rao ' })).resolves.toEqual(asha);
    expect(JSON.parse(calls[0].init.body as string)).toEqual({ email: 'asha@ward.org', password: 'Secret12', displayName: 'Asha Rao' });
    expect(states).toEqual([null, asha]);
    expect(JSON.parse(storage.items.get(SESSION_STORAGE_KEY)!)).toEqual({
      accessToken: 'token-u-asha',
      expiresAt: clock.now + 3_600_000,
      user: asha,
    });
    await expect(client.getAccessToken()).resolves.toBe('token-u-asha');
  });

  it('restores a stored session after checking it with /auth/me', async () => {
    const storage = memoryStorage();
    storeSession(storage, clock.now + 60_000);
    const renamed = { ...asha, displayName: 'Dr Asha Rao' };
    const { client, states, calls } = setup({ 'GET /api/auth/me': () => json(200, { user: renamed }) }, storage);
    await client.init();
    expect(states).toEqual([renamed]);
    expect(calls[0].init.headers).toMatchObject({ Authorization: 'Bearer stored-token' });
  });

  it('treats an expired stored session as signed out without calling the service', async () => {
    const storage = memoryStorage();
    storeSession(storage, clock.now - 1);
    const { client, states, calls } = setup({}, storage);
    await client.init();
    expect(states).toEqual([null]);
    expect(calls).toHaveLength(0);
    expect(storage.items.has(SESSION_STORAGE_KEY)).toBe(false);
  });

  it('drops a stored session the service refuses', async () => {
    const storage = memoryStorage();
    storeSession(storage, clock.now + 60_000);
    const { client, states } = setup({ 'GET /api/auth/me': () => json(401, { detail: { message: 'expired' } }) }, storage);
    await client.init();
    expect(states).toEqual([null]);
    expect(storage.items.has(SESSION_STORAGE_KEY)).toBe(false);
  });

  it('keeps a stored session when the service cannot be asked', async () => {
    const storage = memoryStorage();
    storeSession(storage, clock.now + 60_000);
    const { client, states } = setup({ 'GET /api/auth/me': () => json(404, {}) }, storage);
    await client.init();
    expect(states).toEqual([asha]);
  });

  it('keeps a stored session when the check times out, without holding the start-up', async () => {
    const storage = memoryStorage();
    storeSession(storage, clock.now + 60_000);
    const { fetchImpl, calls } = accountsService({ 'GET /api/auth/me': () => new Promise<Response>(() => {}) });
    const timeouts: number[] = [];
    const firingTimers: Timers = {
      setTimeout: (callback, ms) => {
        timeouts.push(ms);
        if (ms === SESSION_CHECK_TIMEOUT_MS) queueMicrotask(callback);
        return ms;
      },
      clearTimeout: () => {},
    };
    const hangingFetch = ((url: string, init: RequestInit) =>
      new Promise((resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        void fetchImpl(url, init).then(resolve);
      })) as unknown as typeof fetch;
    const api = new ApiClient({ baseUrl: '/api', fetch: hangingFetch, timers: firingTimers });
    const client = new LocalAuthClient({ accounts: new AccountsResource(api), storage, now: () => clock.now, timers: firingTimers });
    await client.init();
    expect(client.currentUser()).toEqual(asha);
    expect(calls).toHaveLength(1);
    expect(timeouts[0]).toBe(SESSION_CHECK_TIMEOUT_MS);
  });

  it('signs out when the token expires', async () => {
    const { client, states, advance } = setup({ 'POST /api/auth/login': () => json(200, authResponse(asha, 60)) });
    await client.init();
    await client.signIn('asha@ward.org', 'secret1');
    advance(59_000);
    expect(client.currentUser()).toEqual(asha);
    advance(1_000);
    expect(client.currentUser()).toBeNull();
    expect(states).toEqual([null, asha, null]);
  });

  it('gives no token once expired, even before the timer runs', async () => {
    const { client } = setup({ 'POST /api/auth/login': () => json(200, authResponse(asha, 60)) });
    await client.init();
    await client.signIn('asha@ward.org', 'secret1');
    clock.now += 61_000;
    await expect(client.getAccessToken()).resolves.toBeNull();
    expect(client.currentUser()).toBeNull();
  });

  it.each([
    [401, 'wrong_password'],
    [401, 'user_not_found'],
    [403, 'user_disabled'],
    [429, 'too_many_attempts'],
  ])('reports a %i %s sign-in refusal by category, without retrying', async (status, category) => {
    const { client, calls } = setup({
      'POST /api/auth/login': () => json(status, { detail: { message: 'refused', category } }),
    });
    await client.init();
    const failure = client.signIn('asha@ward.org', 'nope');
    await expect(failure).rejects.toBeInstanceOf(AuthError);
    await expect(failure).rejects.toMatchObject({ failure: category, status });
    expect(calls).toHaveLength(1);
    expect(client.currentUser()).toBeNull();
  });

  it('reports an unreachable service as a network failure', async () => {
    const { client } = setup({ 'POST /api/auth/login': () => Promise.reject(new TypeError('Failed to fetch')) });
    await client.init();
    await expect(client.signIn('a@b.co', 'x')).rejects.toMatchObject({ failure: 'network' });
  });

  it('renames the account and keeps the new name in the session', async () => {
    const renamed = { ...asha, displayName: 'A. Rao' };
    const { client, storage, calls } = setup({
      'POST /api/auth/login': () => json(200, authResponse()),
      'PUT /api/auth/me': () => json(200, { user: renamed }),
    });
    await client.init();
    await client.signIn('asha@ward.org', 'secret1');
    await client.updateDisplayName(' A. Rao ');
    expect(JSON.parse(calls[1].init.body as string)).toEqual({ displayName: 'A. Rao' });
    expect(calls[1].init.headers).toMatchObject({ Authorization: 'Bearer token-u-asha' });
    expect(client.currentUser()).toEqual(renamed);
    expect(JSON.parse(storage.items.get(SESSION_STORAGE_KEY)!).user).toEqual(renamed);
  });

  it('asks for a password reset without a token', async () => {
    const { client, calls } = setup({ 'POST /api/auth/password-reset': () => new Response(null, { status: 202 }) });
    await client.init();
    await client.requestPasswordReset(' asha@ward.org ');
    expect(JSON.parse(calls[0].init.body as string)).toEqual({ email: 'asha@ward.org' });
    expect(calls[0].init.headers).not.toHaveProperty('Authorization');
  });

  it('reports a reset for an unknown address with its status', async () => {
    const { client } = setup({});
    await client.init();
    await expect(client.requestPasswordReset('who@ward.org')).rejects.toMatchObject({ status: 404 });
  });

  it('signs out: forgets the session and asks the server to end it', async () => {
    const { client, storage, states, calls } = setup({ 'POST /api/auth/login': () => json(200, authResponse()), 'POST /api/auth/logout': () => json(200, { success: true }) });
    await client.init();
    await client.signIn('asha@ward.org', 'secret1');
    await client.signOut();
    expect(states).toEqual([null, asha, null]);
    expect(storage.items.has(SESSION_STORAGE_KEY)).toBe(false);
    await expect(client.getAccessToken()).resolves.toBeNull();
    expect(calls.at(-1)!.key).toBe('POST /api/auth/logout');
    expect(calls.at(-1)!.init.headers).toMatchObject({ Authorization: 'Bearer token-u-asha' });
  });

  it('signs out even when the server cannot be reached', async () => {
    const { client, storage } = setup({ 'POST /api/auth/login': () => json(200, authResponse()) });
    await client.init();
    await client.signIn('asha@ward.org', 'secret1');
    await client.signOut();
    expect(storage.items.has(SESSION_STORAGE_KEY)).toBe(false);
  });

  it('offers the external provider only when configured', async () => {
    const { client } = setup({});
    expect(client.hasExternalProvider).toBe(false);
    await expect(client.signInWithExternalProvider()).rejects.toBeInstanceOf(AuthError);

    const api = new ApiClient({ baseUrl: '/api', fetch: (async () => json(404, {})) as unknown as typeof fetch });
    const withProvider = new LocalAuthClient({
      accounts: new AccountsResource(api),
      storage: memoryStorage(),
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

  it('follows a session changed in another tab', async () => {
    let notify = () => {};
    const storage = memoryStorage();
    const api = new ApiClient({ baseUrl: '/api', fetch: (async () => json(404, {})) as unknown as typeof fetch });
    const client = new LocalAuthClient({
      accounts: new AccountsResource(api),
      storage,
      now: () => clock.now,
      timers: manualTimers().timers,
      watchStoredSession: (onChange) => {
        notify = onChange;
        return () => {};
      },
    });
    await client.init();
    storeSession(storage, clock.now + 60_000);
    notify();
    expect(client.currentUser()).toEqual(asha);
    storage.removeItem(SESSION_STORAGE_KEY);
    notify();
    expect(client.currentUser()).toBeNull();
  });
});
