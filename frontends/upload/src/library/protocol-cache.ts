import type { UploadedProtocol } from '../shared/uploads.resource';

/** docs/product-spec.md §9: uploaded protocols are cached per user for 24 hours. */
export const PROTOCOL_CACHE_MS = 86_400_000;
const PREFIX = 'cairn.uploadedProtocols.';

export interface ProtocolCacheEntry {
  data: { protocols: UploadedProtocol[]; total: number };
  timestamp: number;
  expires: number;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;
const browserStore = (): Store | null => (typeof localStorage === 'undefined' ? null : localStorage);

export function readProtocolCache(uid: string, now = Date.now(), store = browserStore()): ProtocolCacheEntry['data'] | null {
  try {
    const entry = JSON.parse(store?.getItem(PREFIX + uid) ?? 'null') as ProtocolCacheEntry | null;
    if (!entry || typeof entry.expires !== 'number' || entry.expires <= now) return null;
    return entry.data;
  } catch {
    return null;
  }
}

export function writeProtocolCache(uid: string, data: ProtocolCacheEntry['data'], now = Date.now(), store = browserStore()): void {
  try {
    store?.setItem(PREFIX + uid, JSON.stringify({ data, timestamp: now, expires: now + PROTOCOL_CACHE_MS } satisfies ProtocolCacheEntry));
  } catch {
    // A full or unavailable storage only costs the cache.
  }
}

export const dropProtocolCache = (uid: string, store = browserStore()) => store?.removeItem(PREFIX + uid);

/** On sign-out every user's cached protocols go. */
export function clearProtocolCaches(store = browserStore()): void {
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, index) => store.key(index)).filter((key): key is string => !!key?.startsWith(PREFIX));
  keys.forEach((key) => store.removeItem(key));
}
