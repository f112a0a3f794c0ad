import { conversationTitle } from '@cairn/frontend-shared';
import { toProtocolPayload } from '../protocol/protocol';
import { isUserMessage, type ChatMessage } from '../session/chat-message';

/** docs/product-spec.md §9 conversation auto-save timings. */
export const CONVERSATION_SAVE_DEBOUNCE_MS = 1_000;
export const AUTO_SAVE_MIN_GAP_MS = 2_000;
export const SIDEBAR_REFRESH_GAP_MS = 3_000;
export const CONVERSATION_TAG = 'medical-protocol';

/** Saved after an answer: the newest message is a reply that is not an error, and nothing is in flight. */
export function hasAnswerToSave(messages: ChatMessage[], loading: boolean): boolean {
  const last = messages.at(-1);
  return !loading && last !== undefined && !isUserMessage(last) && last.kind !== 'error';
}

/** docs/product-spec.md §4: skipped when signed out or when the last save was less than 2 s ago. */
export function shouldAutoSave(state: { signedIn: boolean; lastSavedAt: number | null; now: number }): boolean {
  if (!state.signedIn) return false;
  return state.lastSavedAt === null || state.now - state.lastSavedAt >= AUTO_SAVE_MIN_GAP_MS;
}

/** docs/product-spec.md §4: the sidebar refreshes after a duplicate save, or when the previous save was at least 3 s earlier. */
export function shouldRefreshSidebar(state: { wasDuplicate: boolean; previousSavedAt: number | null; now: number }): boolean {
  if (state.wasDuplicate || state.previousSavedAt === null) return true;
  return state.now - state.previousSavedAt >= SIDEBAR_REFRESH_GAP_MS;
}

export interface SavedConversationMessage {
  id: string;
  type: 'user' | 'assistant';
  content: string;
  timestamp: string;
  protocol_data: Record<string, unknown> | null;
  citations: unknown[];
  follow_up_questions: string[];
  uncertainty_note: string | null;
  used_new_sources: boolean;
  is_follow_up: boolean;
}

export interface SavedConversation {
  id: string;
  title: string;
  messages: SavedConversationMessage[];
  last_query: string;
  tags: string[];
  created_at: string;
  updated_at: string;
}

function toSavedMessage(message: ChatMessage): SavedConversationMessage {
  const base = { id: message.id, type: message.type, content: message.content, timestamp: message.timestamp };
  if (isUserMessage(message)) {
    return { ...base, protocol_data: null, citations: [], follow_up_questions: [], uncertainty_note: null, used_new_sources: false, is_follow_up: false };
  }
  return {
    ...base,
    content: message.title ? `${message.title}\n${message.content}` : message.content,
    protocol_data: message.protocolData ? toProtocolPayload(message.protocolData) : null,
    citations: message.citations ?? message.protocolData?.citations ?? [],
    follow_up_questions: message.followUpQuestions,
    uncertainty_note: message.uncertaintyNote,
    used_new_sources: message.usedNewSources,
    is_follow_up: message.isFollowUp,
  };
}

/** The conversation as saved: titled by its first question, without error replies, which are not part of it. */
export function conversationPayload(input: { conversationId: string; messages: ChatMessage[]; createdAt: Date; now: Date }): SavedConversation {
  const questions = input.messages.filter(isUserMessage);
  return {
    id: input.conversationId,
    title: conversationTitle(questions[0]?.content ?? ''),
    messages: input.messages.filter((message) => isUserMessage(message) || message.kind !== 'error').map(toSavedMessage),
    last_query: questions.at(-1)?.content ?? '',
    tags: [CONVERSATION_TAG],
    created_at: input.createdAt.toISOString(),
    updated_at: input.now.toISOString(),
  };
}
