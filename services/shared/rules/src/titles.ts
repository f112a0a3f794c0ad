export const CONVERSATION_TITLE_LENGTH = 50;
export const NEW_TAB_TITLE_LENGTH = 30;

const ELLIPSIS = '...';

/** Cuts `text` to `length` characters and adds an ellipsis when it was longer. */
export function cutWithEllipsis(text: string, length: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > length ? `${clean.slice(0, length)}${ELLIPSIS}` : clean;
}

/** Conversation title: the query cut to 50 characters plus an ellipsis (docs/product-spec.md §5). */
export const conversationTitle = (query: string) => cutWithEllipsis(query, CONVERSATION_TITLE_LENGTH);

/** Title of a tab opened for a new topic: the first 30 characters of the query plus an ellipsis (docs/product-spec.md §4). */
export const newTabTitle = (query: string) => cutWithEllipsis(query, NEW_TAB_TITLE_LENGTH);

/** Saved protocol id: the lowercased title with non-alphanumerics replaced by underscores, prefixed 'protocol_'. */
export function savedProtocolId(title: string): string {
  return `protocol_${title.toLowerCase().replace(/[^a-z0-9]/g, '_')}`;
}
