import { describe, expect, it } from '@jest/globals';
import { ApiClient, LONG_REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS, buildUrl, retryDelayMs, type Timers } from './api-client';
import { ApiError } from './api-error';

interface FakeTimer {
  ms: number;
  callback: () => void;
  cleared: boolean;
}

/** Fires waits between retries at once; leaves request timeouts pending unless `fireTimeouts` is set. */
function fakeTimers(fireTimeouts = false) {
  const scheduled: FakeTimer[] = [];
  const timers: Timers = {
    setTimeout(callback, ms) {
      const timer = { ms, callback, cleared: false };
      scheduled.push(timer);
      const isTimeout = ms >= REQUEST_TIMEOUT_MS;
      if (!isTimeout || fireTimeouts) {
        queueMicrotask(() => {
          if (!timer.cleared) callback();
        });
      }
      return timer;
    },
    clearTimeout(handle) {
      (handle as FakeTimer).cleared = true;
    },
  };
  const waits = () => scheduled.filter((timer) => timer.ms < REQUEST_TIMEOUT_MS).map((timer) => timer.ms);
  const timeouts = () => scheduled.filter((timer) => timer.ms >= REQUEST_TIMEOUT_MS).map((timer) => timer.ms);
  return { timers, waits, timeouts };
}

type Answer = Response | Error | 'hang';

function fakeFetch(...answers: Answer[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = ((url: string, init: RequestInit) => {
    calls.push({ url, init });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (answer === 'hang') {
      return new Promise((_resolve, reject) => {
        if (init.signal?.aborted) return reject(new DOMException('The operation was aborted.', 'AbortError'));
        init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      });
    }
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(answer.clone());
  }) as unknown as typeof fetch;
  return { fetchImpl, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function client(fetchImpl: typeof fetch, timers: Timers, token: string | null = 'tok') {
  return new ApiClient({ baseUrl: '/api', fetch: fetchImpl, timers, getAccessToken: () => token });
}

describe('ApiClient', () => {
  it('sends JSON with the bearer token and reads JSON back', async () => {
    const { fetchImpl, calls } = fakeFetch(json(200, { ok: true }));
    const result = await client(fetchImpl, fakeTimers().timers).post('/conversations/save', { a: 1 }, { query: { user_id: 'u1' } });
    expect(result).toEqual({ ok: true });
    expect(calls[0].url).toBe('/api/conversations/save?user_id=u1');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.body).toBe('{"a":1}');
    expect(calls[0].init.headers).toMatchObject({ Authorization: 'Bearer tok', 'Content-Type': 'application/json' });
  });

  it('leaves the token out when asked or when there is none', async () => {
    const { fetchImpl, calls } = fakeFetch(json(200, {}));
    await client(fetchImpl, fakeTimers().timers).post('/auth/login', {}, { authenticated: false });
    await client(fetchImpl, fakeTimers().timers, null).get('/x');
    expect(calls[0].init.headers).not.toHaveProperty('Authorization');
    expect(calls[1].init.headers).not.toHaveProperty('Authorization');
  });

  it('returns undefined for an empty body', async () => {
    const { fetchImpl } = fakeFetch(new Response(null, { status: 204 }));
    await expect(client(fetchImpl, fakeTimers().timers).delete('/x')).resolves.toBeUndefined();
  });

  it.each([500, 502, 503, 408, 429])('retries %i twice, waiting 1 s then 2 s', async (status) => {
    const { fetchImpl, calls } = fakeFetch(json(status, { detail: { message: 'busy' } }));
    const { timers, waits } = fakeTimers();
    await expect(client(fetchImpl, timers).get('/x')).rejects.toMatchObject({ kind: 'http', status, message: 'busy' });
    expect(calls).toHaveLength(3);
    expect(waits()).toEqual([1000, 2000]);
  });

  it('retries network failures and succeeds when the server comes back', async () => {
    const { fetchImpl, calls } = fakeFetch(new TypeError('Failed to fetch'), json(200, { done: 1 }));
    const { timers, waits } = fakeTimers();
    await expect(client(fetchImpl, timers).get('/x')).resolves.toEqual({ done: 1 });
    expect(calls).toHaveLength(2);
    expect(waits()).toEqual([1000]);
  });

  it('reports a network failure after the retries', async () => {
    const { fetchImpl, calls } = fakeFetch(new TypeError('Failed to fetch'));
    await expect(client(fetchImpl, fakeTimers().timers).get('/x')).rejects.toMatchObject({ kind: 'network' });
    expect(calls).toHaveLength(3);
  });

  it.each([400, 401, 403, 404, 409, 422])('does not retry %i', async (status) => {
    const { fetchImpl, calls } = fakeFetch(json(status, { detail: { message: 'no', category: 'cat' } }));
    await expect(client(fetchImpl, fakeTimers().timers).get('/x')).rejects.toMatchObject({
      kind: 'http',
      status,
      message: 'no',
      category: 'cat',
    });
    expect(calls).toHaveLength(1);
  });

  it('keeps the title a refusal comes with', async () => {
    const { fetchImpl } = fakeFetch(json(400, { detail: { message: 'Please ask a medical question.', category: 'irrelevant', title: 'Non-Medical Query' } }));
    await expect(client(fetchImpl, fakeTimers().timers).post('/protocols/generate', {})).rejects.toMatchObject({
      status: 400,
      category: 'irrelevant',
      title: 'Non-Medical Query',
    });
  });

  it('honours a smaller retry count', async () => {
    const { fetchImpl, calls } = fakeFetch(json(503, {}));
    await expect(client(fetchImpl, fakeTimers().timers).post('/auth/login', {}, { retries: 0 })).rejects.toMatchObject({
      status: 503,
      message: 'Request failed with status 503',
    });
    expect(calls).toHaveLength(1);
  });

  it('times out after 30 s by default and 45 s for long calls, without retrying', async () => {
    const { fetchImpl, calls } = fakeFetch('hang');
    const fast = fakeTimers(true);
    await expect(client(fetchImpl, fast.timers).get('/x')).rejects.toMatchObject({ kind: 'timeout' });
    expect(fast.timeouts()).toEqual([REQUEST_TIMEOUT_MS]);

    const slow = fakeTimers(true);
    await expect(client(fetchImpl, slow.timers).post('/protocols/generate', {}, { duration: 'long' })).rejects.toBeInstanceOf(ApiError);
    expect(slow.timeouts()).toEqual([LONG_REQUEST_TIMEOUT_MS]);
    expect(calls).toHaveLength(2);
  });

  it('reports a cancellation by the caller and stops retrying', async () => {
    const controller = new AbortController();
    const { fetchImpl, calls } = fakeFetch('hang');
    const pending = client(fetchImpl, fakeTimers().timers).get('/x', { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
    expect(calls).toHaveLength(1);
  });

  it('does not start when already cancelled', async () => {
    const { fetchImpl, calls } = fakeFetch(json(200, {}));
    await expect(client(fetchImpl, fakeTimers().timers).get('/x', { signal: AbortSignal.abort() })).rejects.toMatchObject({
      kind: 'cancelled',
    });
    expect(calls).toHaveLength(0);
  });

  it('reads a plain-string detail', async () => {
    const { fetchImpl } = fakeFetch(json(400, { detail: 'Title is required' }));
    await expect(client(fetchImpl, fakeTimers().timers).put('/x', {})).rejects.toMatchObject({ message: 'Title is required' });
  });
});

describe('retryDelayMs', () => {
  it('doubles from one second', () => {
    expect([0, 1, 2].map(retryDelayMs)).toEqual([1000, 2000, 4000]);
  });
});

describe('buildUrl', () => {
  it('joins base and path and drops empty query values', () => {
    expect(buildUrl('/api/', '/conversations/u1', { limit: 10, skip: undefined, q: null })).toBe('/api/conversations/u1?limit=10');
    expect(buildUrl('https://h/api', 'x', { use_hybrid: true })).toBe('https://h/api/x?use_hybrid=true');
  });
});

describe('ApiClient.stream', () => {
  const chunked = (pieces: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
        controller.close();
      },
    });

  it('hands over each NDJSON line as it completes, whatever the chunks, with the token and no retry', async () => {
    const seen: RequestInit[] = [];
    const client = new ApiClient({
      baseUrl: 'https://cairn.test/api',
      getAccessToken: () => 'tok',
      fetch: async (_url, init) => {
        seen.push(init!);
        return new Response(chunked(['{"type":"st', 'ep","n":1}\n{"type":"step","n":2}\n{"ty', 'pe":"done"}']), { status: 200 });
      },
    });
    const lines: unknown[] = [];
    await client.stream('/protocols/generate/stream', { title: 'x' }, (line) => lines.push(line));
    expect(lines).toEqual([{ type: 'step', n: 1 }, { type: 'step', n: 2 }, { type: 'done' }]);
    expect(seen).toHaveLength(1);
    expect((seen[0].headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('throws the API error of an error status, and a cancelled error when aborted', async () => {
    const failing = new ApiClient({
      baseUrl: '/api',
      fetch: async () => new Response(JSON.stringify({ detail: { message: 'bad', category: 'harmful' } }), { status: 400 }),
    });
    await expect(failing.stream('/s', {}, () => undefined)).rejects.toMatchObject({ kind: 'http', status: 400, category: 'harmful' });
    const controller = new AbortController();
    controller.abort();
    await expect(failing.stream('/s', {}, () => undefined, { signal: controller.signal })).rejects.toMatchObject({ kind: 'cancelled' });
  });
});
