import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Topics } from '@cairn/contracts';
import { DocumentStores, EVENT_BUS, InProcessEventBus, type EventBus } from '@cairn/platform';
import { documentStoreBackends, nextMillisecond, readAllPages, startTestApp, type TestApp } from '@cairn/testing';
import { ConversationsAppModule } from '../src/app.module.js';
import type { StoredConversation } from '../src/conversations/conversations.repository.js';

const message = (type: 'user' | 'assistant', content: string, extra: Record<string, unknown> = {}) => ({
  id: `msg_${randomUUID()}`,
  type,
  content,
  timestamp: new Date().toISOString(),
  ...extra,
});

const conversation = (overrides: Record<string, unknown> = {}) => ({
  id: `conv_${randomUUID()}`,
  title: 'dengue symptoms',
  messages: [
    message('user', 'dengue symptoms'),
    message('assistant', 'SYMPTOMS GUIDE - Key symptoms to monitor:', {
      protocol_data: { title: 'Dengue', checklist: [{ step: 1, text: 'Check for warning signs.', citation: 1 }] },
      citations: [{ id: 1, source: 'WHO dengue guideline' }],
      follow_up_questions: [{ text: 'What are the warning signs?', category: 'symptoms' }],
      uncertainty_note: null,
      used_new_sources: false,
      is_follow_up: false,
    }),
  ],
  last_query: 'dengue symptoms',
  tags: ['medical-protocol'],
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:05.000Z',
  ...overrides,
});

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The `i`th of many conversations, written to the store: seven update times shared by all, ids not in update order. */
const storedConversation = (userId: string, i: number): StoredConversation => {
  const conversationId = `conv_${String((i * 7919) % 1000).padStart(3, '0')}`;
  const at = new Date(Date.UTC(2026, 0, 1 + (i % 7))).toISOString();
  return { id: `${userId}/${conversationId}`, userId, conversationId, title: `Topic ${i}`, messages: [], last_query: '', tags: [], message_count: 0, content_hash: '', created_at: at, updated_at: at };
};

describe.each(documentStoreBackends())('conversations service on $name', (backend) => {
  let api: TestApp;
  let stopStore: () => Promise<void>;
  let alice: { uid: string; token: string };
  let bob: { uid: string; token: string };

  beforeAll(async () => {
    const store = await backend.start();
    stopStore = store.stop;
    api = await startTestApp((config) => ConversationsAppModule.forRoot(config), { service: 'conversations', env: store.env });
    alice = { uid: `alice-${randomUUID()}`, token: '' };
    bob = { uid: `bob-${randomUUID()}`, token: '' };
    alice.token = await api.tokenFor(alice.uid);
    bob.token = await api.tokenFor(bob.uid);
  });
  afterAll(async () => {
    await api.close();
    await stopStore();
  });

  const save = (user: { uid: string; token: string }, body: unknown) =>
    api.request('POST', `/conversations/save?user_id=${user.uid}`, { token: user.token, body });

  it('saves a conversation and returns it with every message field', async () => {
    const payload = conversation();
    const saved = await save(alice, payload);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true, conversation_id: payload.id, was_duplicate: false });
    const loaded = await api.request('GET', `/conversations/${alice.uid}/${payload.id}`, { token: alice.token });
    expect(loaded.status).toBe(200);
    expect(loaded.body.success).toBe(true);
    expect(loaded.body.conversation).toEqual({
      id: payload.id,
      title: 'dengue symptoms',
      messages: payload.messages,
      last_query: 'dengue symptoms',
      tags: ['medical-protocol'],
      message_count: 2,
      created_at: '2026-11-20T10:00:00.000Z',
      updated_at: expect.any(String),
    });
  });

  it('reports a save of the same content as a duplicate and keeps one copy', async () => {
    const payload = conversation();
    expect((await save(alice, payload)).body.was_duplicate).toBe(false);
    expect((await save(alice, payload)).body).toEqual({ success: true, conversation_id: payload.id, was_duplicate: true });
    const changed = { ...payload, messages: [...payload.messages, message('user', 'what about children?')] };
    expect((await save(alice, changed)).body.was_duplicate).toBe(false);
    const loaded = await api.request('GET', `/conversations/${alice.uid}/${payload.id}`, { token: alice.token });
    expect(loaded.body.conversation.message_count).toBe(3);
  });

  it('titles an untitled conversation with the query cut to 50 characters plus an ellipsis', async () => {
    const query = 'What is the first-line treatment for uncomplicated falciparum malaria in adults?';
    const payload = conversation({ title: '', last_query: query, messages: [message('user', query)] });
    await save(alice, payload);
    const loaded = await api.request('GET', `/conversations/${alice.uid}/${payload.id}`, { token: alice.token });
    expect(loaded.body.conversation.title).toBe(`${query.slice(0, 50)}...`);
  });

  it('lists newest first with id, title, updated_at and message_count, honouring and capping limit', async () => {
    const carol = `carol-${randomUUID()}`;
    const token = await api.tokenFor(carol);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const payload = conversation({ title: `topic ${i}` });
      ids.push(payload.id);
      await api.request('POST', `/conversations/save?user_id=${carol}`, { token, body: payload });
      // The next save is stamped later: newest first is not left to the tie-break by id.
      await nextMillisecond();
    }
    const list = await api.request('GET', `/conversations/${carol}?limit=3`, { token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      success: true,
      error: null,
      next_offset: 3,
      conversations: [ids[3], ids[2], ids[1]].map((id, index) => ({
        id,
        title: `topic ${3 - index}`,
        updated_at: expect.any(String),
        message_count: 2,
      })),
    });
    expect((await api.request('GET', `/conversations/${carol}?limit=500`, { token })).body.conversations).toHaveLength(4);
    expect((await api.request('GET', `/conversations/${carol}`, { token })).body.conversations).toHaveLength(4);
    const bad = await api.request('GET', `/conversations/${carol}?limit=abc`, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.detail.field).toBe('limit');
  });

  it('pages through 250 conversations by limit and offset: each once, newest first, ties by id', async () => {
    const erin = `erin-${randomUUID()}`;
    const token = await api.tokenFor(erin);
    const conversations = api.app.get(DocumentStores).get('conversations').collection<StoredConversation>('conversations');
    const seeded = Array.from({ length: 250 }, (_, i) => storedConversation(erin, i));
    for (const doc of [...seeded, ...Array.from({ length: 30 }, (_, i) => storedConversation(`frank-${randomUUID()}`, i))]) await conversations.put(doc);
    const expected = [...seeded].sort((a, b) => byText(b.updated_at, a.updated_at) || byText(a.conversationId, b.conversationId)).map((doc) => doc.conversationId);

    for (const limit of [10, 50, 100]) {
      const listed = await readAllPages(
        (offset) => api.request('GET', `/conversations/${erin}?limit=${limit}&offset=${offset}`, { token }),
        (body) => body.conversations.map((item: { id: string }) => item.id),
      );
      expect(listed.items).toEqual(expected);
      expect(listed.pages).toBe(Math.ceil(250 / limit));
    }
    const last = await api.request('GET', `/conversations/${erin}?limit=10&offset=240`, { token });
    expect(last.body).toMatchObject({ success: true, next_offset: null, error: null });
    expect(last.body.conversations.map((item: { id: string }) => item.id)).toEqual(expected.slice(240));
    expect((await api.request('GET', `/conversations/${erin}?offset=900`, { token })).body).toEqual({ success: true, conversations: [], next_offset: null, error: null });
  });

  it('refuses an offset that is not a whole number of at least 0 with a 400 naming offset', async () => {
    for (const offset of ['-1', 'abc', '2.5']) {
      const response = await api.request('GET', `/conversations/${alice.uid}?limit=10&offset=${offset}`, { token: alice.token });
      expect(response.status).toBe(400);
      expect(response.body.detail.field).toBe('offset');
      expect(response.body.detail.message).toMatch(/^offset must be /);
    }
  });

  it('renames, refusing a blank title with Title is required', async () => {
    const payload = conversation();
    await save(alice, payload);
    const renamed = await api.request('PUT', `/conversations/${alice.uid}/${payload.id}/title`, {
      token: alice.token,
      body: { title: '  Dengue in pregnancy  ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ success: true, conversation_id: payload.id, title: 'Dengue in pregnancy' });
    await save(alice, { ...payload, title: 'dengue symptoms', last_query: 'and in children?' });
    const resaved = await api.request('GET', `/conversations/${alice.uid}/${payload.id}`, { token: alice.token });
    expect(resaved.body.conversation).toMatchObject({ title: 'Dengue in pregnancy', last_query: 'and in children?' });
    const blank = await api.request('PUT', `/conversations/${alice.uid}/${payload.id}/title`, { token: alice.token, body: { title: ' ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.detail).toEqual({ message: 'Title is required', category: 'invalid_input', field: 'title' });
    const missing = await api.request('PUT', `/conversations/${alice.uid}/conv_missing/title`, { token: alice.token, body: { title: 'x' } });
    expect(missing.status).toBe(404);
  });

  it('deletes, then answers 404', async () => {
    const payload = conversation();
    await save(alice, payload);
    const path = `/conversations/${alice.uid}/${payload.id}`;
    expect((await api.request('DELETE', path, { token: alice.token })).body).toEqual({ success: true, conversation_id: payload.id });
    expect((await api.request('GET', path, { token: alice.token })).status).toBe(404);
    const again = await api.request('DELETE', path, { token: alice.token });
    expect(again.status).toBe(404);
    expect(again.body.detail).toEqual({ message: 'Conversation not found', category: 'not_found' });
  });

  it.each([
    [{ messages: 'none' }, 'messages'],
    [{ messages: [{ id: 'm1', type: 'robot', content: 'x' }] }, 'messages.0.type'],
    [{ id: '../../etc', messages: [] }, 'id'],
    [{ title: 'x'.repeat(201), messages: [] }, 'title'],
  ])('refuses %j naming the field', async (body, field) => {
    const response = await save(alice, body);
    expect(response.status).toBe(400);
    expect(response.body.detail.field).toBe(field);
    expect(response.body.detail.category).toBe('invalid_input');
  });

  it('refuses a payload over 1 MB with 413', async () => {
    const huge = conversation({ messages: [message('user', 'x'.repeat(1_100_000))] });
    const response = await save(alice, huge);
    expect(response.status).toBe(413);
    expect(response.body.detail.category).toBe('payload_too_large');
  });

  it("keeps users apart: another user's id is a 403 on every route, and ids never collide", async () => {
    const payload = conversation();
    await save(alice, payload);
    const routes: [string, string, unknown?][] = [
      ['POST', `/conversations/save?user_id=${alice.uid}`, conversation()],
      ['GET', `/conversations/${alice.uid}`],
      ['GET', `/conversations/${alice.uid}/${payload.id}`],
      ['PUT', `/conversations/${alice.uid}/${payload.id}/title`, { title: 'stolen' }],
      ['DELETE', `/conversations/${alice.uid}/${payload.id}`],
    ];
    for (const [method, path, body] of routes) {
      const forbidden = await api.request(method, path, { token: bob.token, body });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.detail.category).toBe('forbidden');
      expect((await api.request(method, path, { body })).status).toBe(401);
    }
    const bobsView = await api.request('GET', `/conversations/${bob.uid}/${payload.id}`, { token: bob.token });
    expect(bobsView.status).toBe(404);
    const stillThere = await api.request('GET', `/conversations/${alice.uid}/${payload.id}`, { token: alice.token });
    expect(stillThere.body.conversation.title).toBe('dengue symptoms');
  });

  it('refuses an expired token', async () => {
    const token = await api.tokenFor(alice.uid, { expiresIn: '-1m' });
    expect((await api.request('GET', `/conversations/${alice.uid}`, { token })).status).toBe(401);
  });

  it("erases every conversation of a user on user.deleted, and nobody else's", async () => {
    const dave = `dave-${randomUUID()}`;
    const daveToken = await api.tokenFor(dave);
    for (let i = 0; i < 3; i++) {
      await api.request('POST', `/conversations/save?user_id=${dave}`, { token: daveToken, body: conversation() });
    }
    await save(alice, conversation());
    const aliceBefore = (await api.request('GET', `/conversations/${alice.uid}?limit=100`, { token: alice.token })).body.conversations.length;
    const bus = api.app.get<EventBus>(EVENT_BUS);
    await bus.publish(Topics.userDeleted, { userId: dave });
    await (bus as InProcessEventBus).idle();
    expect((await api.request('GET', `/conversations/${dave}`, { token: daveToken })).status).toBe(401);
    expect(await api.app.get(DocumentStores).get('conversations').collection<{ id: string; userId: string }>('conversations').count({ userId: dave })).toBe(0);
    const aliceAfter = (await api.request('GET', `/conversations/${alice.uid}?limit=100`, { token: alice.token })).body.conversations.length;
    expect(aliceAfter).toBe(aliceBefore);
  });
});
