import { useCallback, useEffect, useRef, useState } from 'react';
import { getCairn, type SearchScope } from '@cairn/frontend-shared';
import { randomId } from '../ids';
import { loadConversation } from '../conversation/restore-conversation';
import { loadSavedChecklist } from '../protocol/saved-checklist.resource';
import { generateProtocol, searchProtocols } from '../search/search.resource';
import { askFollowUp } from '../follow-up/follow-up.resource';
import { classifyQuery, conversationHistory, protocolInContext } from '../follow-up/follow-up';
import { runFollowUpFlow, runSendFlow, type SendFlowCalls } from '../search/send-flow';
import type { ProtocolData } from '../protocol/protocol';
import { applyReply, createUserMessage, isUserMessage, startRetry, type ChatMessage, type UserMessage } from './chat-message';
import { isDuplicateMessage, prepareQuery } from './send-rules';

/** 'auto' detects follow-ups; 'follow-up' forces one (a suggestion chip); 'new-search' searches whatever the chat shows. */
export type SendMode = 'auto' | 'follow-up' | 'new-search';

export interface ChatSession {
  conversationId: string;
  messages: ChatMessage[];
  loading: boolean;
  /**
   * False when the message was dropped (blank, a duplicate, or an answer is still being prepared);
   * 'new-topic' when a protocol is shown and the query is about something else: the user chooses.
   */
  send(text: string, scope: SearchScope, mode?: SendMode): boolean | 'new-topic';
  retry(messageId: string): void;
  /** A protocol shown in the chat changed (its step discussions): kept in its message and saved with the conversation. */
  updateProtocol(messageId: string, protocol: ProtocolData): void;
}

function replyTo(question: UserMessage, uid: string | null, earlier: ChatMessage[], signal: AbortSignal) {
  const protocol = question.followUp ? protocolInContext(earlier) : null;
  if (!protocol) return runSendFlow(question.content, question.scope, flowCalls(uid, signal));
  return runFollowUpFlow(() => askFollowUp(getCairn().api, { uid, message: question.content, protocol, history: conversationHistory(earlier) }, signal));
}

function flowCalls(uid: string | null, signal: AbortSignal): SendFlowCalls {
  const { api } = getCairn();
  return {
    search: (query, scope) => searchProtocols(api, { query, scope, uid }, signal),
    generate: (request) => generateProtocol(api, request, signal),
    clock: () => performance.now(),
    now: () => new Date(),
  };
}

/** One chat: its messages and the search flow that answers them, one question at a time. */
/** What a chat starts from: a saved conversation it continues, or a saved checklist it shows alone. */
export interface ChatOrigin {
  conversationId?: string;
  savedProtocolId?: string;
}

export function useChatSession(uid: string | null, onTitleChange?: (title: string) => void, origin: ChatOrigin = {}): ChatSession {
  const { conversationId: savedConversationId, savedProtocolId } = origin;
  const [conversationId] = useState(() => savedConversationId ?? randomId('conv'));
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loading, setLoading] = useState(false);
  // Read synchronously so a second Enter before the re-render cannot send twice.
  const current = useRef({ messages, busy: false });
  const inFlight = useRef<AbortController | null>(null);
  const titleListener = useRef(onTitleChange);
  titleListener.current = onTitleChange;

  useEffect(() => () => inFlight.current?.abort(), []);

  useEffect(() => {
    if ((!savedConversationId && !savedProtocolId) || !uid) return;
    const controller = new AbortController();
    const { api } = getCairn();
    const load = savedProtocolId ? loadSavedChecklist(api, uid, savedProtocolId, controller.signal).then((message) => [message]) : loadConversation(api, uid, savedConversationId!, controller.signal);
    load.then(
      (saved) => {
        if (current.current.messages.length > 0 || saved.length === 0) return;
        current.current.messages = saved;
        setMessages(saved);
      },
      (error: unknown) => controller.signal.aborted || console.warn('[cairn/chat] the conversation could not be restored', error),
    );
    return () => controller.abort();
  }, [savedConversationId, savedProtocolId, uid]);

  const update = useCallback((next: ChatMessage[]) => {
    current.current.messages = next;
    setMessages(next);
  }, []);

  const answer = useCallback(
    async (question: UserMessage) => {
      const controller = new AbortController();
      inFlight.current = controller;
      current.current.busy = true;
      setLoading(true);
      const earlier = current.current.messages.slice(0, current.current.messages.findIndex((message) => message.id === question.id));
      const reply = await replyTo(question, uid, earlier, controller.signal);
      if (controller.signal.aborted) return;
      inFlight.current = null;
      current.current.busy = false;
      update(applyReply(current.current.messages, question.id, reply, new Date()));
      setLoading(false);
      if (reply.kind === 'protocol') titleListener.current?.(reply.protocol.title);
    },
    [uid, update],
  );

  const send = useCallback(
    (text: string, scope: SearchScope, mode: SendMode = 'auto') => {
      const query = prepareQuery(text);
      if (!query || current.current.busy || isDuplicateMessage(current.current.messages, query, Date.now())) return false;
      const decision = classifyQuery(query, current.current.messages, mode === 'follow-up');
      if (mode === 'auto' && !decision.isFollowUp && decision.rule !== 'no-protocol') return 'new-topic';
      const question = createUserMessage(query, scope, new Date(), undefined, mode !== 'new-search' && decision.isFollowUp);
      update([...current.current.messages, question]);
      void answer(question);
      return true;
    },
    [answer, update],
  );

  const retry = useCallback(
    (messageId: string) => {
      if (current.current.busy) return;
      const started = startRetry(current.current.messages, messageId);
      if (!started) return;
      update(started.messages);
      void answer(started.retried);
    },
    [answer, update],
  );

  const updateProtocol = useCallback(
    (messageId: string, protocol: ProtocolData) =>
      update(current.current.messages.map((message) => (message.id === messageId && !isUserMessage(message) ? { ...message, protocolData: protocol } : message))),
    [update],
  );

  return { conversationId, messages, loading, send, retry, updateProtocol };
}
