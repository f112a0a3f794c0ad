import { useCallback, useEffect, useRef, useState } from 'react';
import { getCairn, type SearchScope } from '@cairn/frontend-shared';
import { randomId } from '../ids';
import { loadConversation } from '../conversation/restore-conversation';
import { loadSavedChecklist } from '../protocol/saved-checklist.resource';
import { classifyQuery } from '../follow-up/follow-up';
import type { FlowReply } from '../search/send-flow';
import { replyTo } from './reply-flow';
import type { ProtocolData } from '../protocol/protocol';
import { applyReply, createUserMessage, isUserMessage, startRetry, stopStreaming, type ChatMessage, type UserMessage } from './chat-message';
import { isDuplicateMessage, prepareQuery } from './send-rules';

/** 'auto' detects follow-ups; 'follow-up' forces one (a suggestion chip); 'new-search' searches whatever the chat shows. */
export type SendMode = 'auto' | 'follow-up' | 'new-search';

export interface ChatSession {
  conversationId: string;
  messages: ChatMessage[];
  /** Waiting for the first of the reply (search, then the first step). */
  loading: boolean;
  /** A reply is arriving part by part. */
  streaming: boolean;
  /** Stops the reply arriving: the request is cancelled (and with it the model's), what arrived stays. */
  stop(): void;
  /**
   * A new message while a reply streams stops that reply first. False when the message was dropped (blank, a duplicate, or an answer is still being prepared);
   * 'new-topic' when a protocol is shown and the query is about something else: the user chooses.
   */
  send(text: string, scope: SearchScope, mode?: SendMode): boolean | 'new-topic';
  retry(messageId: string): void;
  /** A protocol shown in the chat changed (its step discussions): kept in its message and saved with the conversation. */
  updateProtocol(messageId: string, protocol: ProtocolData): void;
}

interface InFlight {
  controller: AbortController;
  replyId: string;
  /** Part of the reply is shown. */
  streaming: boolean;
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
  const [streaming, setStreaming] = useState(false);
  // Read synchronously so a second Enter before the re-render cannot send twice.
  const current = useRef({ messages, busy: false });
  const inFlight = useRef<InFlight | null>(null);
  const titleListener = useRef(onTitleChange);
  titleListener.current = onTitleChange;

  useEffect(() => () => inFlight.current?.controller.abort(), []);

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

  const settle = useCallback(() => {
    inFlight.current = null;
    current.current.busy = false;
    setLoading(false);
    setStreaming(false);
  }, []);

  const stop = useCallback(() => {
    const flight = inFlight.current;
    if (!flight?.streaming) return;
    flight.controller.abort();
    update(stopStreaming(current.current.messages, flight.replyId));
    settle();
  }, [settle, update]);

  const answer = useCallback(
    async (question: UserMessage) => {
      const flight: InFlight = { controller: new AbortController(), replyId: randomId('msg'), streaming: false };
      inFlight.current = flight;
      current.current.busy = true;
      setLoading(true);
      const earlier = current.current.messages.slice(0, current.current.messages.findIndex((message) => message.id === question.id));
      const onPartial = (partial: FlowReply) => {
        if (flight.controller.signal.aborted) return;
        update(applyReply(current.current.messages, question.id, partial, new Date(), flight.replyId, true));
        if (!flight.streaming && partial.kind === 'protocol') titleListener.current?.(partial.protocol.title);
        flight.streaming = true;
        setLoading(false);
        setStreaming(true);
      };
      const reply = await replyTo(question, uid, earlier, flight.controller.signal, onPartial);
      if (flight.controller.signal.aborted) return;
      settle();
      // A stream that broke off keeps what it showed.
      if (reply.kind === 'error' && flight.streaming) {
        update(current.current.messages.map((message) => (message.id === flight.replyId && !isUserMessage(message) ? { ...message, streaming: false, notice: reply.content } : message)));
        return;
      }
      update(applyReply(current.current.messages, question.id, reply, new Date(), flight.replyId));
      if (reply.kind === 'protocol') titleListener.current?.(reply.protocol.title);
    },
    [uid, update, settle],
  );

  const send = useCallback(
    (text: string, scope: SearchScope, mode: SendMode = 'auto') => {
      const query = prepareQuery(text);
      if (!query) return false;
      if (inFlight.current?.streaming) stop();
      if (current.current.busy || isDuplicateMessage(current.current.messages, query, Date.now())) return false;
      const decision = classifyQuery(query, current.current.messages, mode === 'follow-up');
      if (mode === 'auto' && !decision.isFollowUp && decision.rule !== 'no-protocol') return 'new-topic';
      const question = createUserMessage(query, scope, new Date(), undefined, mode !== 'new-search' && decision.isFollowUp);
      update([...current.current.messages, question]);
      void answer(question);
      return true;
    },
    [answer, update, stop],
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

  return { conversationId, messages, loading, streaming, stop, send, retry, updateProtocol };
}
