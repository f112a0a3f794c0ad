/** One page of a list and where the next one starts (`null` on the last page). */
export interface ListPage<T> {
  items: T[];
  next_offset: number | null;
}

/**
 * Reads `limit + 1` items from `offset` and keeps `limit`: the extra item only tells whether
 * another page follows, so no count is needed.
 */
export async function readPage<T>(offset: number, limit: number, read: (offset: number, limit: number) => Promise<T[]>): Promise<ListPage<T>> {
  const items = await read(offset, limit + 1);
  return items.length > limit ? { items: items.slice(0, limit), next_offset: offset + limit } : { items, next_offset: null };
}
