import type { JsonResponse } from './test-app.js';

/**
 * Follows a paged list from offset 0 until `next_offset` is null and returns every item in order.
 * Fails on a status other than 200, on a `next_offset` after an empty page or not right after the
 * page, and after `maxPages` pages.
 */
export async function readAllPages<T>(
  fetchPage: (offset: number) => Promise<JsonResponse>,
  itemsOf: (body: any) => T[],
  maxPages = 1_000,
): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let offset: number | null = 0;
  let pages = 0;
  while (offset !== null) {
    if (++pages > maxPages) throw new Error(`more than ${maxPages} pages`);
    const response = await fetchPage(offset);
    if (response.status !== 200) throw new Error(`page at offset ${offset} answered ${response.status}: ${JSON.stringify(response.body)}`);
    const page = itemsOf(response.body);
    const next: number | null = response.body.next_offset;
    if (next !== null && (page.length === 0 || next !== offset + page.length)) throw new Error(`page at offset ${offset} had ${page.length} items but next_offset ${next}`);
    items.push(...page);
    offset = next;
  }
  return { items, pages };
}
