import { describe, expect, it } from '@jest/globals';
import { nextConnectionBanner } from './connection-banner';

describe('nextConnectionBanner', () => {
  it('shows offline, then back online, then hides', () => {
    expect(nextConnectionBanner('hidden', 'offline')).toBe('offline');
    expect(nextConnectionBanner('offline', 'online')).toBe('back-online');
    expect(nextConnectionBanner('back-online', 'back-online-elapsed')).toBe('hidden');
  });

  it('ignores an online event when nothing was lost', () => {
    expect(nextConnectionBanner('hidden', 'online')).toBe('hidden');
  });

  it('keeps the red bar if the connection drops again before the green one ends', () => {
    const dropped = nextConnectionBanner('back-online', 'offline');
    expect(dropped).toBe('offline');
    expect(nextConnectionBanner(dropped, 'back-online-elapsed')).toBe('offline');
  });
});
