import type { ApiClient } from '@cairn/frontend-shared';
import { isEntry, text } from '../protocol/protocol';
import type { SavedConversation } from './auto-save';

export async function saveConversation(
  api: ApiClient,
  uid: string,
  conversation: SavedConversation,
): Promise<{ conversationId: string; wasDuplicate: boolean }> {
  const body = await api.post('/conversations/save', conversation, { query: { user_id: uid } });
  if (!isEntry(body) || body.success === false) {
    throw new Error(`Failed to save conversation: ${isEntry(body) && typeof body.error === 'string' ? body.error : 'unexpected answer'}`);
  }
  return { conversationId: text(body.conversation_id) ?? conversation.id, wasDuplicate: body.was_duplicate === true };
}
