import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Topics } from '@cairn/contracts';
import { DocumentStores, EVENT_BUS, InProcessEventBus, type EventBus } from '@cairn/platform';
import { documentStoreBackends, nextMillisecond, readAllPages, startTestApp, type TestApp } from '@cairn/testing';
import { SavedProtocolsAppModule } from '../src/app.module.js';
import type { StoredProtocol } from '../src/saved-protocols/saved-protocols.repository.js';

interface User {
  uid: string;
  token: string;
}

/** A protocol as the spec's client stars it: the protocol itself, with its id, fields and intent. */
const protocol = (title: string, overrides: Record<string, unknown> = {}) => ({
  id: `protocol_${title.toLowerCase().replace(/[^a-z0-9]/g, '_')}`,
  title,
  organization: 'WHO',
  region: 'Global',
  year: 2012,
  intent: 'symptoms',
  checklist: [
    { step: 1, text: 'Check for warning signs.', explanation: 'Severe dengue is preceded by warning signs.', citation: 1 },
    { step: 2, text: 'Give oral fluids.', explanation: 'Hydration.', citation: 1 },
  ],
  citations: [{ id: 1, source: 'WHO dengue guideline', organization: 'WHO', year: 2012 }],
  ...overrides,
});

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The `i`th of many saved protocols, written to the store: six save times shared by all, ids not in save order. */
const storedProtocol = (userId: string, i: number): StoredProtocol => {
  const protocolId = `protocol_${String((i * 7919) % 1000).padStart(3, '0')}`;
  return {
    id: `${userId}/${protocolId}`,
    userId,
    protocolId,
    title: `Protocol ${i}`,
    organization: 'WHO',
    region: null,
    year: 2024,
    intent: 'treatment',
    protocol_data: { checklist: [] },
    saved_at: new Date(Date.UTC(2026, 0, 1 + (i % 6))).toISOString(),
  };
};

/** What the service keeps as protocol_data: the protocol without its id, steps under `checklist`. */
const storedData = (sent: Record<string, unknown>) => {
  const { id: _id, ...rest } = sent;
  return rest;
};

describe.each(documentStoreBackends())('saved-protocols service on $name', (backend) => {
  let api: TestApp;
  let stopStore: () => Promise<void>;
  let alice: User;
  let bob: User;

  const user = async (name: string): Promise<User> => {
    const uid = `${name}-${randomUUID()}`;
    return { uid, token: await api.tokenFor(uid) };
  };
  const save = (who: User, body: unknown) => api.request('POST', `/protocols/save?user_id=${who.uid}`, { token: who.token, body });

  beforeAll(async () => {
    const store = await backend.start();
    stopStore = store.stop;
    api = await startTestApp((config) => SavedProtocolsAppModule.forRoot(config), { service: 'saved-protocols', env: store.env });
    alice = await user('alice');
    bob = await user('bob');
  });
  afterAll(async () => {
    await api.close();
    await stopStore();
  });

  it('saves under an id derived from the title and returns the checklist', async () => {
    const saved = await save(alice, protocol('Dengue: Warning Signs'));
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true, protocol_id: 'protocol_dengue__warning_signs', was_duplicate: false });
    const loaded = await api.request('GET', `/protocols/saved/${alice.uid}/protocol_dengue__warning_signs`, { token: alice.token });
    expect(loaded.status).toBe(200);
    expect(loaded.body).toEqual({
      success: true,
      protocol: {
        id: 'protocol_dengue__warning_signs',
        title: 'Dengue: Warning Signs',
        saved_at: expect.any(String),
        organization: 'WHO',
        region: 'Global',
        year: 2012,
        intent: 'symptoms',
        protocol_data: storedData(protocol('Dengue: Warning Signs')),
      },
    });
  });

  it('accepts a protocol whose steps come as `steps`, keeping them as the checklist', async () => {
    const who = await user('steps');
    const { checklist: _checklist, ...rest } = protocol('Heat stroke');
    const steps = ['Move the person to a cool place.', 'Cool with water and fanning.'];
    expect((await save(who, { ...rest, steps })).status).toBe(200);
    const loaded = await api.request('GET', `/protocols/saved/${who.uid}/protocol_heat_stroke`, { token: who.token });
    expect(loaded.body.protocol.protocol_data).toMatchObject({ title: 'Heat stroke', steps, checklist: steps, citations: rest.citations });
  });

  it('keeps one copy when the same protocol is saved twice', async () => {
    const who = await user('twice');
    expect((await save(who, protocol('Malaria treatment'))).body.was_duplicate).toBe(false);
    expect((await save(who, protocol('Malaria treatment', { organization: 'CDC' }))).body.was_duplicate).toBe(true);
    const list = await api.request('GET', `/protocols/saved/${who.uid}`, { token: who.token });
    expect(list.body.protocols).toHaveLength(1);
    expect(list.body.protocols[0].organization).toBe('CDC');
  });

  it('checks whether a protocol is saved', async () => {
    const who = await user('check');
    const path = (id: string) => `/protocols/saved/${who.uid}/${id}/check`;
    expect((await api.request('GET', path('protocol_cpr'), { token: who.token })).body).toEqual({ success: true, is_saved: false });
    await save(who, protocol('CPR'));
    expect((await api.request('GET', path('protocol_cpr'), { token: who.token })).body).toEqual({ success: true, is_saved: true });
  });

  it('lists newest first without the checklist, honouring and capping limit', async () => {
    const who = await user('list');
    for (const title of ['Asthma', 'Stroke', 'Sepsis']) {
      await save(who, protocol(title, { year: '2024', region: null }));
      // The next save is stamped later: newest first is not left to the tie-break by id.
      await nextMillisecond();
    }
    const list = await api.request('GET', `/protocols/saved/${who.uid}?limit=2`, { token: who.token });
    expect(list.body).toEqual({
      success: true,
      error: null,
      next_offset: 2,
      protocols: [
        { id: 'protocol_sepsis', title: 'Sepsis', saved_at: expect.any(String), organization: 'WHO', region: null, year: '2024', intent: 'symptoms' },
        { id: 'protocol_stroke', title: 'Stroke', saved_at: expect.any(String), organization: 'WHO', region: null, year: '2024', intent: 'symptoms' },
      ],
    });
    expect((await api.request('GET', `/protocols/saved/${who.uid}?limit=1000`, { token: who.token })).body.protocols).toHaveLength(3);
    expect((await api.request('GET', `/protocols/saved/${who.uid}?limit=0`, { token: who.token })).status).toBe(400);
  });

  it('pages through 250 saved protocols by limit and offset: each once, newest first, ties by id', async () => {
    const who = await user('paging');
    const other = await user('paging-other');
    const saved = api.app.get(DocumentStores).get('saved-protocols').collection<StoredProtocol>('saved_protocols');
    const seeded = Array.from({ length: 250 }, (_, i) => storedProtocol(who.uid, i));
    for (const doc of [...seeded, ...Array.from({ length: 30 }, (_, i) => storedProtocol(other.uid, i))]) await saved.put(doc);
    const expected = [...seeded].sort((a, b) => byText(b.saved_at, a.saved_at) || byText(a.protocolId, b.protocolId)).map((doc) => doc.protocolId);

    for (const limit of [20, 50, 100]) {
      const listed = await readAllPages(
        (offset) => api.request('GET', `/protocols/saved/${who.uid}?limit=${limit}&offset=${offset}`, { token: who.token }),
        (body) => body.protocols.map((summary: { id: string }) => summary.id),
      );
      expect(listed.items).toEqual(expected);
      expect(listed.pages).toBe(Math.ceil(250 / limit));
    }
    const first = await api.request('GET', `/protocols/saved/${who.uid}`, { token: who.token });
    expect(first.body.protocols.map((summary: { id: string }) => summary.id)).toEqual(expected.slice(0, 20));
    expect(first.body.next_offset).toBe(20);
    const last = await api.request('GET', `/protocols/saved/${who.uid}?limit=50&offset=200`, { token: who.token });
    expect(last.body).toMatchObject({ success: true, next_offset: null, error: null });
    expect(last.body.protocols.map((summary: { id: string }) => summary.id)).toEqual(expected.slice(200));
    expect((await api.request('GET', `/protocols/saved/${who.uid}?offset=250`, { token: who.token })).body).toEqual({ success: true, protocols: [], next_offset: null, error: null });
  });

  it('refuses an offset that is not a whole number of at least 0 with a 400 naming offset', async () => {
    for (const offset of ['-1', 'abc', '1.5']) {
      const response = await api.request('GET', `/protocols/saved/${alice.uid}?limit=10&offset=${offset}`, { token: alice.token });
      expect(response.status).toBe(400);
      expect(response.body.detail.field).toBe('offset');
      expect(response.body.detail.message).toMatch(/^offset must be /);
    }
  });

  it('renames and deletes, with 404 for what does not exist', async () => {
    const who = await user('edit');
    await save(who, protocol('Heat stroke'));
    const base = `/protocols/saved/${who.uid}/protocol_heat_stroke`;
    const renamed = await api.request('PUT', `${base}/title`, { token: who.token, body: { title: 'Heat stroke (adults)' } });
    expect(renamed.body).toEqual({ success: true, protocol_id: 'protocol_heat_stroke', title: 'Heat stroke (adults)' });
    expect((await api.request('GET', base, { token: who.token })).body.protocol.title).toBe('Heat stroke (adults)');
    const blank = await api.request('PUT', `${base}/title`, { token: who.token, body: { title: '' } });
    expect(blank.status).toBe(400);
    expect(blank.body.detail.message).toBe('Title is required');
    expect((await api.request('DELETE', base, { token: who.token })).body).toEqual({ success: true, protocol_id: 'protocol_heat_stroke' });
    expect((await api.request('GET', base, { token: who.token })).status).toBe(404);
    expect((await api.request('DELETE', base, { token: who.token })).body.detail).toEqual({
      message: 'Saved protocol not found',
      category: 'not_found',
    });
    expect((await api.request('PUT', `${base}/title`, { token: who.token, body: { title: 'x' } })).status).toBe(404);
  });

  it.each([
    [{ checklist: [] }, 'title', 'Title is required'],
    [{ title: 'x' }, 'checklist', 'checklist or steps is required'],
    [{ title: 'x', checklist: 'steps' }, 'checklist', 'checklist must be a list of steps'],
    [{ title: 'x', steps: 3 }, 'steps', 'steps must be a list of steps'],
    [{ title: 'x', checklist: [], intent: 'panic' }, 'intent', expect.stringContaining('intent must be one of')],
  ])('refuses %j naming the field', async (body, field, message) => {
    const response = await save(alice, body);
    expect(response.status).toBe(400);
    expect(response.body.detail).toEqual({ category: 'invalid_input', field, message });
  });

  it('refuses a payload over 1 MB with 413', async () => {
    const response = await save(alice, protocol('Huge', { checklist: [{ text: 'x'.repeat(1_100_000) }] }));
    expect(response.status).toBe(413);
  });

  it("answers 403 for another user's id on every route", async () => {
    await save(alice, protocol('Anaphylaxis'));
    const base = `/protocols/saved/${alice.uid}/protocol_anaphylaxis`;
    const routes: [string, string, unknown?][] = [
      ['POST', `/protocols/save?user_id=${alice.uid}`, protocol('Stolen')],
      ['GET', `/protocols/saved/${alice.uid}`],
      ['GET', base],
      ['GET', `${base}/check`],
      ['PUT', `${base}/title`, { title: 'mine now' }],
      ['DELETE', base],
    ];
    for (const [method, path, body] of routes) {
      expect((await api.request(method, path, { token: bob.token, body })).status).toBe(403);
      expect((await api.request(method, path, { body })).status).toBe(401);
    }
    expect((await api.request('GET', `/protocols/saved/${bob.uid}/protocol_anaphylaxis`, { token: bob.token })).status).toBe(404);
    expect((await api.request('GET', base, { token: alice.token })).body.protocol.title).toBe('Anaphylaxis');
  });

  it('erases every saved protocol of a user on user.deleted', async () => {
    const who = await user('gone');
    await save(who, protocol('Burns'));
    await save(who, protocol('Choking'));
    const bus = api.app.get<EventBus>(EVENT_BUS);
    await bus.publish(Topics.userDeleted, { userId: who.uid });
    await (bus as InProcessEventBus).idle();
    expect((await api.request('GET', `/protocols/saved/${who.uid}`, { token: who.token })).status).toBe(401);
    expect(await api.app.get(DocumentStores).get('saved-protocols').collection<{ id: string; userId: string }>('saved_protocols').count({ userId: who.uid })).toBe(0);
    expect((await api.request('GET', `/protocols/saved/${alice.uid}`, { token: alice.token })).body.protocols.length).toBeGreaterThan(0);
  });
});
