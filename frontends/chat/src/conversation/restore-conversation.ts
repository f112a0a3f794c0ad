import { expectSuccess, isEntry, text, type ApiClient, type Entry } from '@cairn/frontend-shared';
import { readFollowUpAnswer } from '../follow-up/follow-up-answer';
import { readProtocol } from '../protocol/protocol';
import type { AssistantMessage, ChatMessage, UserMessage } from '../session/chat-message';

function readAssistant(entry: Entry, replyTo: string, timestamp: string): AssistantMessage {
  const protocolData = isEntry(entry.protocol_data) ? entry.protocol_data : null;
  const content = text(entry.content) ?? '';
  const [firstLine, ...rest] = content.split('\n');
  const title = protocolData ? (text(protocolData.title) ?? firstLine) : undefined;
  return {
    id: text(entry.id) ?? `msg_${timestamp}`,
    type: 'assistant',
    content: protocolData && rest.length > 0 ? rest.join('\n') : content,
    timestamp,
    replyTo,
    kind: protocolData ? 'protocol' : 'text',
    ...(protocolData ? { title, protocolData: readProtocol(protocolData, title ?? '', new Date(timestamp)) } : {}),
    followUpQuestions: Array.isArray(entry.follow_up_questions) ? entry.follow_up_questions.filter((question): question is string => typeof question === 'string') : [],
    uncertaintyNote: text(entry.uncertainty_note),
    usedNewSources: entry.used_new_sources === true,
    isFollowUp: entry.is_follow_up === true,
    ...(!protocolData && entry.is_follow_up === true && Array.isArray(entry.citations) ? { citations: readFollowUpAnswer({ citations: entry.citations }).citations } : {}),
  };
}

/** The messages of a saved conversation, as the chat shows them (the inverse of the auto-save payload). */
export function messagesFromSaved(saved: unknown): ChatMessage[] {
  const messages: ChatMessage[] = [];
  let lastQuestion = '';
  for (const entry of isEntry(saved) && Array.isArray(saved.messages) ? saved.messages.filter(isEntry) : []) {
    const timestamp = text(entry.timestamp) ?? new Date(0).toISOString();
    if (entry.type === 'user') {
      const question: UserMessage = { id: text(entry.id) ?? `msg_${timestamp}`, type: 'user', content: text(entry.content) ?? '', timestamp, status: 'sent', retryCount: 0, scope: 'all' };
      lastQuestion = question.id;
      messages.push(question);
    } else if (entry.type === 'assistant') {
      messages.push(readAssistant(entry, lastQuestion, timestamp));
    }
  }
  return messages;
}

export async function loadConversation(api: ApiClient, uid: string, conversationId: string, signal?: AbortSignal): Promise<ChatMessage[]> {
  const body = expectSuccess(await api.get(`/conversations/${encodeURIComponent(uid)}/${encodeURIComponent(conversationId)}`, { signal }), 'load conversation');
  return messagesFromSaved(body.conversation);
}
