import { describe, expect, it } from '@jest/globals';
import { PROTOCOL_CACHE_MS, clearProtocolCaches, dropProtocolCache, readProtocolCache, writeProtocolCache } from './protocol-cache';

function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
    items,
  };
}

describe('uploaded protocol cache', () => {
  const data = { protocols: [], total: 3 };

  it('keeps a user’s list for 24 hours, apart from other users', () => {
    const store = memoryStore();
    writeProtocolCache('u1', data, 1_000, store);
    expect(readProtocolCache('u1', 1_000 + PROTOCOL_CACHE_MS - 1, store)).toEqual(data);
    expect(readProtocolCache('u1', 1_000 + PROTOCOL_CACHE_MS, store)).toBeNull();
    expect(readProtocolCache('u2', 1_000, store)).toBeNull();
    expect(JSON.parse(store.getItem('cairn.uploadedProtocols.u1')!)).toEqual({ data, timestamp: 1_000, expires: 1_000 + PROTOCOL_CACHE_MS });
  });

  it('drops one user, or every user on sign-out, and leaves other keys alone', () => {
    const store = memoryStore();
    writeProtocolCache('u1', data, 0, store);
    writeProtocolCache('u2', data, 0, store);
    store.setItem('cairn.tabs', '[]');
    dropProtocolCache('u1', store);
    expect(readProtocolCache('u1', 0, store)).toBeNull();
    clearProtocolCaches(store);
    expect([...store.items.keys()]).toEqual(['cairn.tabs']);
  });

  it('reads a damaged entry as no cache', () => {
    const store = memoryStore();
    store.setItem('cairn.uploadedProtocols.u1', '{not json');
    expect(readProtocolCache('u1', 0, store)).toBeNull();
  });
});
