import { expectSuccess, isEntry, nextOffsetOf, text, type ApiClient, type Entry, type SavedProtocolSummary } from '@cairn/frontend-shared';

/** docs/product-spec.md §9 fetch sizes for the sidebar: the first page, and each page 'Show more' adds. */
export const SAVED_CHECKLISTS_LIMIT = 50;
export const RECENT_SEARCHES_LIMIT = 10;

const UNKNOWN = 'Unknown';

export interface SavedChecklistCard {
  id: string;
  title: string;
  organization: string;
  region: string;
  year: string;
  savedAt: string | null;
}

export interface RecentSearchCard {
  id: string;
  title: string;
  updatedAt: string | null;
  messageCount: number;
}


export function toSavedChecklistCard(entry: Entry, index: number): SavedChecklistCard {
  return {
    id: text(entry.id) ?? `saved_${index}`,
    title: text(entry.title) ?? 'Untitled Protocol',
    organization: text(entry.organization) ?? UNKNOWN,
    region: text(entry.region) ?? UNKNOWN,
    year: text(entry.year) ?? UNKNOWN,
    savedAt: text(entry.saved_at),
  };
}

export function toRecentSearchCard(entry: Entry, index: number): RecentSearchCard {
  const count = Number(entry.message_count);
  return {
    id: text(entry.id) ?? `conversation_${index}`,
    title: text(entry.title) ?? 'New Protocol',
    updatedAt: text(entry.updated_at),
    messageCount: Number.isFinite(count) && count > 0 ? Math.floor(count) : 0,
  };
}

/** Reads `{success, <key>: [...], error}`; an unsuccessful answer is a failure like any other. */
export function readList(body: unknown, key: 'protocols' | 'conversations'): Entry[] {
  const list = expectSuccess(body, `load ${key}`)[key];
  return Array.isArray(list) ? list.filter(isEntry) : [];
}

/** One page of a sidebar list and where the next starts (null on the last page). */
export interface ListPage<T> {
  items: T[];
  nextOffset: number | null;
}

/** `?limit=` alone for the first page, as docs/product-spec.md §7 asks; `&offset=` for the pages after it. */
const pageQuery = (limit: number, offset: number) => (offset > 0 ? { limit, offset } : { limit });
const nextOffsetIn = (body: unknown) => (isEntry(body) ? nextOffsetOf(body) : null);

export async function fetchSavedChecklists(api: ApiClient, uid: string, signal?: AbortSignal, offset = 0): Promise<ListPage<SavedChecklistCard>> {
  const body = await api.get(`/protocols/saved/${encodeURIComponent(uid)}`, { query: pageQuery(SAVED_CHECKLISTS_LIMIT, offset), signal });
  return { items: readList(body, 'protocols').map((entry, index) => toSavedChecklistCard(entry, offset + index)), nextOffset: nextOffsetIn(body) };
}

export async function fetchRecentSearches(api: ApiClient, uid: string, signal?: AbortSignal, offset = 0): Promise<ListPage<RecentSearchCard>> {
  const body = await api.get(`/conversations/${encodeURIComponent(uid)}`, { query: pageQuery(RECENT_SEARCHES_LIMIT, offset), signal });
  return { items: readList(body, 'conversations').map((entry, index) => toRecentSearchCard(entry, offset + index)), nextOffset: nextOffsetIn(body) };
}

export const messageCountLabel = (count: number): string => `${count} ${count === 1 ? 'message' : 'messages'}`;

/** The card of a protocol the chat just saved. */
export const savedChecklistCardFrom = (summary: SavedProtocolSummary): SavedChecklistCard =>
  toSavedChecklistCard({ ...summary, saved_at: summary.savedAt }, 0);

/**
 * Puts a newly saved checklist first, replacing an older card of the same protocol. Every card loaded stays:
 * the list is still the server's newest first, so the next page starts right after it.
 */
export const withSavedChecklist = (cards: SavedChecklistCard[], card: SavedChecklistCard): SavedChecklistCard[] => [card, ...cards.filter((existing) => existing.id !== card.id)];

export const withoutSavedChecklist = (cards: SavedChecklistCard[], id: string): SavedChecklistCard[] =>
  cards.filter((card) => card.id !== id);

const conversationPath = (uid: string, id: string) => `/conversations/${encodeURIComponent(uid)}/${encodeURIComponent(id)}`;
const savedPath = (uid: string, id: string) => `/protocols/saved/${encodeURIComponent(uid)}/${encodeURIComponent(id)}`;

export const renameConversation = async (api: ApiClient, uid: string, id: string, title: string) => expectSuccess(await api.put(`${conversationPath(uid, id)}/title`, { title }, { retries: 0 }), 'rename conversation');
export const deleteConversation = async (api: ApiClient, uid: string, id: string) => expectSuccess(await api.delete(conversationPath(uid, id), { retries: 0 }), 'delete conversation');
export const renameSavedChecklist = async (api: ApiClient, uid: string, id: string, title: string) => expectSuccess(await api.put(`${savedPath(uid, id)}/title`, { title }, { retries: 0 }), 'rename protocol');
export const unstarSavedChecklist = async (api: ApiClient, uid: string, id: string) => expectSuccess(await api.delete(savedPath(uid, id), { retries: 0 }), 'remove protocol');
