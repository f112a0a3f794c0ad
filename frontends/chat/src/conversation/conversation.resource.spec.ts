import { describe, expect, it } from '@jest/globals';
import { ApiClient } from '@cairn/frontend-shared';
import { saveConversation } from './conversation.resource';

describe('saveConversation', () => {
  it('posts the conversation for the user and reads the duplicate flag', async () => {
    const calls: { url: string; body: unknown }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ success: true, conversation_id: 'conv_1', was_duplicate: true }), { status: 200 });
    }) as unknown as typeof fetch;
    const api = new ApiClient({ baseUrl: '/api', fetch: fetchImpl });
    const conversation = { id: 'conv_1', title: 't', messages: [], last_query: 't', tags: ['medical-protocol'], created_at: 'a', updated_at: 'b' };
    await expect(saveConversation(api, 'u1', conversation)).resolves.toEqual({ conversationId: 'conv_1', wasDuplicate: true });
    expect(calls).toEqual([{ url: '/api/conversations/save?user_id=u1', body: conversation }]);
  });
});
