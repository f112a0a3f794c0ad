import { expectSuccess, text, type ApiClient } from '@cairn/frontend-shared';
import type { SavedConversation } from './auto-save';

export async function saveConversation(
  api: ApiClient,
  uid: string,
  conversation: SavedConversation,
): Promise<{ conversationId: string; wasDuplicate: boolean }> {
  const body = expectSuccess(await api.post('/conversations/save', conversation, { query: { user_id: uid } }), 'save conversation');
  return { conversationId: text(body.conversation_id) ?? conversation.id, wasDuplicate: body.was_duplicate === true };
}
