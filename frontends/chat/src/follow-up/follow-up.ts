import { detectFollowUp, type ChatTurn, type FollowUpDecision } from '@cairn/frontend-shared';
import type { ProtocolData } from '../protocol/protocol';
import { isUserMessage, type ChatMessage } from '../session/chat-message';

/** docs/product-spec.md §4: the conversation sent with a follow-up is the last 6 user or assistant-without-protocol messages. */
export const FOLLOW_UP_HISTORY = 6;

const turns = (messages: ChatMessage[]): ChatTurn[] =>
  messages.map((message) => (isUserMessage(message) ? { type: 'user' } : { type: 'assistant', protocolTitle: message.protocolData?.title ?? null }));

/** The protocol a follow-up is about: the last one shown within the last ten messages. */
export function protocolInContext(messages: ChatMessage[]): ProtocolData | null {
  for (const message of messages.slice(-10).reverse()) {
    if (!isUserMessage(message) && message.protocolData) return message.protocolData;
  }
  return null;
}

/** How the chat takes a query: a follow-up on the protocol shown, or a new topic (asked about when a protocol is shown). */
export function classifyQuery(query: string, messages: ChatMessage[], forced = false): FollowUpDecision {
  return detectFollowUp(query, turns(messages), forced);
}

export function conversationHistory(messages: ChatMessage[]): { role: 'user' | 'assistant'; content: string }[] {
  return messages
    .filter((message) => (isUserMessage(message) ? message.status !== 'failed' : message.kind !== 'error' && !message.protocolData))
    .slice(-FOLLOW_UP_HISTORY)
    .map((message) => ({ role: message.type, content: message.content }));
}

/** docs/product-spec.md §2: a message-level citation shows its relevance as a percent. */
export const relevancePercent = (score: number) => `${Math.round(Math.max(0, Math.min(1, score)) * 100)}%`;
