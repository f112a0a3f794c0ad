import type { ChatMessage } from '../session/chat-message';

/** docs/product-spec.md §4 "Scrolling" and §9: the tools a long conversation gets, by its number of messages. */
export const COUNT_BAR_ABOVE = 20;
export const LAZY_LOADING_ABOVE = 50;
/** With lazy loading, the newest messages render at once; the rest when they come within 200 px. */
export const EAGER_TAIL = 20;
export const LAZY_ROOT_MARGIN = '200px';
export const LAZY_PLACEHOLDER_HEIGHT = 100;
export const SEARCH_ABOVE = 10;
export const SEARCH_HIGHLIGHT_MS = 2_000;

export function conversationTools(count: number) {
  return { countBar: count > COUNT_BAR_ABOVE, lazy: count > LAZY_LOADING_ABOVE, search: count > SEARCH_ABOVE };
}

/** Whether the message at `index` of `count` renders at once. */
export const rendersEagerly = (index: number, count: number) => count <= LAZY_LOADING_ABOVE || index >= count - EAGER_TAIL;

/** docs/product-spec.md §5: in-chat search is a case-insensitive substring match on message content; the ids of the matches, oldest first. */
export function searchMessages(messages: ChatMessage[], query: string): string[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  return messages.filter((message) => `${message.type === 'assistant' && message.title ? `${message.title} ` : ''}${message.content}`.toLowerCase().includes(needle)).map((message) => message.id);
}

/** The next (or previous) match, wrapping around. */
export const stepMatch = (current: number, total: number, direction: 1 | -1) => (total === 0 ? -1 : (current + direction + total) % total);

export const matchLabel = (current: number, total: number) => (total === 0 ? 'No matches' : `${current + 1} of ${total}`);
