import { describe, expect, it } from '@jest/globals';
import { clearAppStorage, decideUserSwitch } from './app-storage';

function memory(entries: Record<string, string> = {}) {
  const items = new Map(Object.entries(entries));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe('decideUserSwitch', () => {
  it.each([
    [null, null, 'none'],
    ['u1', null, 'none'],
    ['u1', 'u1', 'none'],
    [null, 'u1', 'remember'],
    ['u1', 'u2', 'clear-and-reload'],
  ] as const)('last %j, now %j: %s', (last, uid, action) => {
    expect(decideUserSwitch(last, uid)).toBe(action);
  });
});

describe('clearAppStorage', () => {
  it('clears everything on logout', () => {
    const local = memory({ 'cairn.tabs': '[]', 'cairn.lastUserId': 'u1' });
    const session = memory({ scroll: '1' });
    clearAppStorage(local, session);
    expect(local.items.size).toBe(0);
    expect(session.items.size).toBe(0);
  });
});
