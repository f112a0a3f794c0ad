import { describe, expect, it } from '@jest/globals';
import { actionLabel, shortChecksum, trailTime } from './approval-trail';

describe('approval trail entries on screen', () => {
  it('name the actions, known or not', () => {
    expect(['approve', 'publish', 'unpublish', 'rename', 'regeneration', 'deletion', 'erasure'].map(actionLabel)).toEqual([
      'Approved', 'Published', 'Unpublished', 'Renamed', 'Regenerated', 'Deleted', 'Account erased',
    ]);
    expect(actionLabel('protocol.published')).toBe('Published');
    expect(actionLabel('title_replaced')).toBe('Title replaced');
    expect(actionLabel('')).toBe('–');
  });

  it('shorten the SHA-256 and show the time, or what was given', () => {
    expect(shortChecksum('ab'.repeat(32))).toBe('abababababab…');
    expect(shortChecksum('')).toBe('–');
    expect(trailTime('2026-11-28T14:05:00.000Z', 'en-GB')).toMatch(/28 Nov 2026/);
    expect(trailTime('yesterday')).toBe('yesterday');
  });
});
