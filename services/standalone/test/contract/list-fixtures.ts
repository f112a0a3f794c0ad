const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Ids not in time order, and a few times shared by many items, so a listing has ties to break. */
const scrambledId = (prefix: string, i: number) => `${prefix}_${String((i * 7919) % 1000).padStart(3, '0')}`;
const sharedTime = (i: number, distinct: number) => new Date(Date.UTC(2026, 0, 1 + (i % distinct))).toISOString();

/** The `i`th of many conversations as the conversations store keeps them (collection `conversations`). */
export function storedConversation(userId: string, i: number) {
  const conversationId = scrambledId('conv', i);
  const at = sharedTime(i, 7);
  return { id: `${userId}/${conversationId}`, userId, conversationId, title: `Ward round ${i + 1}`, messages: [], last_query: '', tags: ['medical-protocol'], message_count: 0, content_hash: '', created_at: at, updated_at: at };
}

/** The `i`th of many saved protocols as the saved-protocols store keeps them (collection `saved_protocols`). */
export function storedSavedProtocol(userId: string, i: number) {
  const protocolId = scrambledId('protocol', i);
  return { id: `${userId}/${protocolId}`, userId, protocolId, title: `Checklist ${i + 1}`, organization: 'WHO', region: 'Global', year: 2024, intent: 'treatment', protocol_data: { checklist: [] }, saved_at: sharedTime(i, 6) };
}

/** Newest first by `field`, ties by `idField`: the order every list of docs/product-spec.md §7 pages in. */
export const newestFirst =
  <T extends Record<string, unknown>>(field: keyof T, idField: keyof T) =>
  (a: T, b: T) =>
    byText(String(b[field]), String(a[field])) || byText(String(a[idField]), String(b[idField]));
