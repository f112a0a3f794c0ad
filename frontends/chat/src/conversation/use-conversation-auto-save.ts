import { useEffect, useRef } from 'react';
import { cairnEvents, getCairn, useCairnEvent } from '@cairn/frontend-shared';
import type { ChatMessage } from '../session/chat-message';
import { AUTO_SAVE_MIN_GAP_MS, CONVERSATION_SAVE_DEBOUNCE_MS, conversationPayload, hasAnswerToSave, shouldAutoSave, shouldRefreshSidebar } from './auto-save';
import { saveConversation } from './conversation.resource';

/** docs/product-spec.md §4 conversation auto-save: 1 s after an answer; the sidebar hears of it to refresh Recent Searches. */
export function useConversationAutoSave(uid: string | null, conversationId: string, messages: ChatMessage[], loading: boolean, onSaved?: (conversationId: string) => void): void {
  const createdAt = useRef(new Date());
  const savedListener = useRef(onSaved);
  savedListener.current = onSaved;
  const lastSavedAt = useRef<number | null>(null);
  const pendingSave = useRef<(() => void) | null>(null);
  const deleted = useRef(false);

  // A conversation deleted from the sidebar while open is never saved again (its tab closes next).
  useCairnEvent('conversation-deleted', (event) => {
    if (event.conversationId !== conversationId) return;
    deleted.current = true;
    pendingSave.current = null;
  });

  useEffect(() => {
    if (!hasAnswerToSave(messages, loading)) return;
    let timer: ReturnType<typeof setTimeout>;
    const save = () => {
      pendingSave.current = null;
      const now = Date.now();
      if (!uid || deleted.current) return;
      // Within 2 s of the last save this one waits out the rest instead of being lost (a step answer follows its question).
      if (!shouldAutoSave({ signedIn: true, lastSavedAt: lastSavedAt.current, now })) {
        pendingSave.current = save;
        timer = setTimeout(save, AUTO_SAVE_MIN_GAP_MS - (now - lastSavedAt.current!));
        return;
      }
      const previousSavedAt = lastSavedAt.current;
      lastSavedAt.current = now;
      const conversation = conversationPayload({ conversationId, messages, createdAt: createdAt.current, now: new Date(now) });
      saveConversation(getCairn().api, uid, conversation).then(
        ({ wasDuplicate }) => {
          savedListener.current?.(conversationId);
          if (shouldRefreshSidebar({ wasDuplicate, previousSavedAt, now })) {
            cairnEvents.emit('conversations-changed', { conversationId });
          }
        },
        (error: unknown) => console.warn('[cairn/chat] the conversation could not be saved', error),
      );
    };
    pendingSave.current = save;
    timer = setTimeout(save, CONVERSATION_SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [uid, conversationId, messages, loading]);

  // A chat closed within the debounce still saves its last answer.
  useEffect(() => () => pendingSave.current?.(), []);
}
