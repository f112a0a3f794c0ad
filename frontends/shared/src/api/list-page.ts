import type { Entry } from './response-body';

/** `next_offset` of a paged list's answer: where the next page starts, or null on the last page. */
export const nextOffsetOf = (body: Entry): number | null =>
  typeof body.next_offset === 'number' && Number.isInteger(body.next_offset) && body.next_offset >= 0 ? body.next_offset : null;

/**
 * The items shown followed by the next page's items not shown yet: a list that changed between two
 * pages may send an item again, and it stays where it was.
 */
export function appendPage<T>(shown: readonly T[], page: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set(shown.map(key));
  return [...shown, ...page.filter((item) => !seen.has(key(item)))];
}
