import { useCallback, useEffect, useRef, useState } from 'react';
import { getCairn, type SearchScope } from '@cairn/frontend-shared';
import { randomId } from '../ids';
import { loadConversation } from '../conversation/restore-conversation';
import { loadSavedChecklist } from '../protocol/saved-checklist.resource';
import { generateProtocol, searchProtocols } from '../search/search.resource';
import { runSendFlow, type SendFlowCalls } from '../search/send-flow';
import { applyReply, createUserMessage, startRetry, type ChatMessage, type UserMessage } from './chat-message';
import { isDuplicateMessage, prepareQuery } from './send-rules';

export interface ChatSession {
  conversationId: string;
  messages: ChatMessage[];
  loading: boolean;
  /** False when the message was dropped (blank, a duplicate, or an answer is still being prepared). */
  send(text: string, scope: SearchScope): boolean;
  retry(messageId: string): void;
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
      const reply = await runSendFlow(question.content, question.scope, flowCalls(uid, controller.signal));
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
    (text: string, scope: SearchScope) => {
      const query = prepareQuery(text);
      if (!query || current.current.busy || isDuplicateMessage(current.current.messages, query, Date.now())) return false;
      const question = createUserMessage(query, scope, new Date());
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

  return { conversationId, messages, loading, send, retry };
}
