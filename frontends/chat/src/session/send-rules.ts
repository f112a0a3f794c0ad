import { cleanChatMessage, validateChatMessage } from '@cairn/frontend-shared';
import { isUserMessage, type ChatMessage } from './chat-message';

/** docs/product-spec.md §4: an identical message is ignored while the earlier one is in flight or was sent this recently. */
export const DUPLICATE_MESSAGE_WINDOW_MS = 2_000;

/**
 * docs/product-spec.md §4 step 1: the message is sanitised (trimmed, whitespace collapsed, cut to 1000 characters), then
 * validated; null means it is dropped silently.
 */
export function prepareQuery(text: string): string | null {
  const cleaned = cleanChatMessage(text);
  return validateChatMessage(cleaned) === null ? cleaned : null;
}

export function isDuplicateMessage(messages: ChatMessage[], content: string, now: number): boolean {
  return messages.some((message) => {
    if (!isUserMessage(message) || message.content !== content) return false;
    if (message.status === 'pending' || message.status === 'retrying') return true;
    const sentAgo = now - new Date(message.timestamp).getTime();
    return message.status !== 'failed' && sentAgo < DUPLICATE_MESSAGE_WINDOW_MS;
  });
}
