import type { SearchScope } from '@cairn/frontend-shared';
import { randomId } from '../ids';
import type { ProtocolData } from '../protocol/protocol';
import type { MessageCitation } from '../follow-up/follow-up-answer';
import type { FlowReply, SearchMetadata } from '../search/send-flow';

/** docs/product-spec.md §4; a message without a status counts as sent. */
export type UserMessageStatus = 'pending' | 'sent' | 'retrying' | 'failed';

export interface UserMessage {
  id: string;
  type: 'user';
  content: string;
  timestamp: string;
  status?: UserMessageStatus;
  error?: string;
  retryCount: number;
  /** The scope it was sent with, for a retry. */
  scope: SearchScope;
  /** Asked about the protocol shown (answered by the protocol chat), for a retry. */
  followUp?: boolean;
}

export interface AssistantMessage {
  id: string;
  type: 'assistant';
  content: string;
  timestamp: string;
  /** The user message it answers. */
  replyTo: string;
  kind: 'text' | 'protocol' | 'error';
  title?: string;
  protocolData?: ProtocolData;
  searchMetadata?: SearchMetadata;
  followUpQuestions: string[];
  /** A follow-up answer's own citations. */
  citations?: MessageCitation[];
  uncertaintyNote: string | null;
  usedNewSources: boolean;
  isFollowUp: boolean;
  /** Still arriving, step by step or sentence by sentence. */
  streaming?: boolean;
  /** Said about how the reply was made, e.g. completed from the sources when the model failed. */
  notice?: string;
}

export type ChatMessage = UserMessage | AssistantMessage;

export const isUserMessage = (message: ChatMessage): message is UserMessage => message.type === 'user';

export function createUserMessage(content: string, scope: SearchScope, now: Date, id = randomId('msg'), followUp = false): UserMessage {
  return { id, type: 'user', content, timestamp: now.toISOString(), status: 'pending', retryCount: 0, scope, ...(followUp ? { followUp } : {}) };
}

function assistantMessage(reply: FlowReply, replyTo: string, now: Date, id: string): AssistantMessage {
  if (reply.kind === 'follow-up') {
    const { answer } = reply;
    return {
      id, type: 'assistant', content: answer.answer, timestamp: now.toISOString(), replyTo, kind: 'text',
      followUpQuestions: answer.followUpQuestions, citations: answer.citations, uncertaintyNote: answer.uncertaintyNote, usedNewSources: answer.usedNewSources, isFollowUp: true,
      ...(reply.notice && { notice: reply.notice }),
    };
  }
  return {
    id,
    type: 'assistant',
    content: reply.content,
    timestamp: now.toISOString(),
    replyTo,
    kind: reply.kind,
    title: reply.kind === 'protocol' ? undefined : reply.title,
    protocolData: reply.kind === 'protocol' ? reply.protocol : undefined,
    searchMetadata: reply.kind === 'protocol' ? reply.searchMetadata : undefined,
    followUpQuestions: [],
    uncertaintyNote: null,
    usedNewSources: false,
    isFollowUp: false,
    ...(reply.kind === 'protocol' && reply.notice && { notice: reply.notice }),
  };
}

/**
 * Marks the user message sent, or failed with the error's title, and appends the reply, or replaces
 * the reply of that id (a streamed reply growing; `streaming` while more is to come).
 */
export function applyReply(messages: ChatMessage[], userMessageId: string, reply: FlowReply, now: Date, id = randomId('msg'), streaming = false): ChatMessage[] {
  const failed = reply.kind === 'error';
  const updated = messages.map((message): ChatMessage => {
    if (message.id !== userMessageId || !isUserMessage(message)) return message;
    return failed ? { ...message, status: 'failed', error: reply.title } : { ...message, status: 'sent', error: undefined };
  });
  const answer = { ...assistantMessage(reply, userMessageId, now, id), ...(streaming && { streaming }) };
  const shown = updated.findIndex((message) => message.id === id);
  return shown < 0 ? [...updated, answer] : updated.map((message, index) => (index === shown ? answer : message));
}

/** A streamed reply stopped where it was: what arrived stays. */
export function stopStreaming(messages: ChatMessage[], id: string): ChatMessage[] {
  return messages.map((message) => (message.id === id && !isUserMessage(message) ? { ...message, streaming: false } : message));
}

/** Puts a failed message back in flight and drops the error reply it got; null when it cannot be retried. */
export function startRetry(messages: ChatMessage[], userMessageId: string): { messages: ChatMessage[]; retried: UserMessage } | null {
  const original = messages.find((message) => message.id === userMessageId);
  if (!original || !isUserMessage(original) || original.status !== 'failed') return null;
  const retried: UserMessage = { ...original, status: 'retrying', error: undefined, retryCount: original.retryCount + 1 };
  return {
    retried,
    messages: messages
      .filter((message) => isUserMessage(message) || message.replyTo !== userMessageId)
      .map((message) => (message.id === userMessageId ? retried : message)),
  };
}

/** The newest protocol title in the chat, which becomes the chat's title. */
export function latestProtocolTitle(messages: ChatMessage[]): string | null {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (!isUserMessage(message) && message.protocolData) return message.protocolData.title;
  }
  return null;
}
