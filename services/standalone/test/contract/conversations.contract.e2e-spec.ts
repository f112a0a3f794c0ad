import { expect, it } from '@jest/globals';
import { ConversationsAppModule } from '@cairn/conversations';
import { readAllPages } from '@cairn/testing';
import { describeContract } from './contract-targets.js';
import { newestFirst, storedConversation } from './list-fixtures.js';

// docs/product-spec.md §7 "Conversations" with the saved conversation payload of §3.

const payload = (id: string, title = 'Dengue Symptoms') => ({
  id,
  title,
  messages: [
    { id: 'msg_1', type: 'user', content: 'dengue symptoms', timestamp: '2026-11-25T08:00:00.000Z', protocol_data: null, citations: [], follow_up_questions: [], uncertainty_note: null, used_new_sources: false, is_follow_up: false },
    {
      id: 'msg_2',
      type: 'assistant',
      content: 'Symptoms Guide - Recognise and monitor:',
      timestamp: '2026-11-25T08:00:02.000Z',
      protocol_data: { title, checklist: [{ step: 1, text: 'Check for fever.', citation: 1 }], citations: [] },
      citations: [],
      follow_up_questions: [{ text: 'Which symptoms should be monitored?', category: 'symptoms' }],
      uncertainty_note: null,
      used_new_sources: false,
      is_follow_up: false,
    },
  ],
  last_query: 'dengue symptoms',
  tags: ['medical-protocol'],
  created_at: '2026-11-25T08:00:00.000Z',
  updated_at: '2026-11-25T08:00:02.000Z',
});

describeContract('conversations', (config) => ConversationsAppModule.forRoot(config), 'conversations', (s) => {

  it('saves with ?user_id= and the payload; answers was_duplicate and conversation_id', async () => {
    const first = await s.api.request('POST', `/conversations/save?user_id=${s.user.uid}`, { token: s.user.token, body: payload('conv_contract_1') });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ was_duplicate: false, conversation_id: 'conv_contract_1' });
    const again = await s.api.request('POST', `/conversations/save?user_id=${s.user.uid}`, { token: s.user.token, body: payload('conv_contract_1') });
    expect(again.body).toMatchObject({ was_duplicate: true, conversation_id: 'conv_contract_1' });
  });

  it('lists with ?limit= (success, conversations, error) and reads one (success, conversation)', async () => {
    await s.api.request('POST', `/conversations/save?user_id=${s.user.uid}`, { token: s.user.token, body: payload('conv_contract_2', 'Malaria Treatment') });
    const list = await s.api.request('GET', `/conversations/${s.user.uid}?limit=20`, { token: s.user.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: true, error: null });
    expect(list.body.conversations[0]).toMatchObject({ id: expect.any(String), title: expect.any(String), updated_at: expect.anything(), message_count: 2 });
    const one = await s.api.request('GET', `/conversations/${s.user.uid}/conv_contract_2`, { token: s.user.token });
    expect(one.body).toMatchObject({ success: true, conversation: { id: 'conv_contract_2', title: 'Malaria Treatment', last_query: 'dengue symptoms', tags: ['medical-protocol'] } });
    expect(one.body.conversation.messages[1]).toMatchObject({ type: 'assistant', protocol_data: { title: 'Malaria Treatment' }, follow_up_questions: [{ category: 'symptoms' }] });
  });

  it('renames with PUT …/title {title} and deletes with DELETE', async () => {
    await s.api.request('POST', `/conversations/save?user_id=${s.user.uid}`, { token: s.user.token, body: payload('conv_contract_3') });
    const renamed = await s.api.request('PUT', `/conversations/${s.user.uid}/conv_contract_3/title`, { token: s.user.token, body: { title: 'Dengue in adults' } });
    expect(renamed.status).toBe(200);
    expect((await s.api.request('GET', `/conversations/${s.user.uid}/conv_contract_3`, { token: s.user.token })).body.conversation.title).toBe('Dengue in adults');
    expect((await s.api.request('PUT', `/conversations/${s.user.uid}/conv_contract_3/title`, { token: s.user.token, body: { title: '' } })).body.detail.message).toBe('Title is required');
    expect((await s.api.request('DELETE', `/conversations/${s.user.uid}/conv_contract_3`, { token: s.user.token })).status).toBe(200);
    expect((await s.api.request('GET', `/conversations/${s.user.uid}/conv_contract_3`, { token: s.user.token })).status).toBe(404);
  });

  it('pages with ?limit=&offset=: every conversation once, newest first, next_offset null on the last page; a bad offset is a 400 naming it', async () => {
    const who = await s.api.user();
    const conversations = s.api.documents('conversations').collection<{ id: string }>('conversations');
    const seeded = Array.from({ length: 250 }, (_, i) => storedConversation(who.uid, i));
    for (const conversation of seeded) await conversations.put(conversation);
    const expected = [...seeded].sort(newestFirst('updated_at', 'conversationId')).map((conversation) => conversation.conversationId);
    const listed = await readAllPages(
      (offset) => s.api.request('GET', `/conversations/${who.uid}?limit=10&offset=${offset}`, { token: who.token }),
      (body) => body.conversations.map((conversation: { id: string }) => conversation.id),
    );
    expect(listed).toEqual({ items: expected, pages: 25 });
    const last = await s.api.request('GET', `/conversations/${who.uid}?limit=20&offset=240`, { token: who.token });
    expect(last.body).toMatchObject({ success: true, error: null, next_offset: null });
    expect(last.body.conversations).toHaveLength(10);
    const bad = await s.api.request('GET', `/conversations/${who.uid}?limit=10&offset=-1`, { token: who.token });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatchObject({ field: 'offset', message: expect.stringContaining('offset') });
  });

  it('answers 401 without a token and 403 for another s.user', async () => {
    expect((await s.api.request('GET', `/conversations/${s.user.uid}?limit=20`)).status).toBe(401);
    const other = await s.api.user();
    expect((await s.api.request('GET', `/conversations/${s.user.uid}?limit=20`, { token: other.token })).status).toBe(403);
  });
});
