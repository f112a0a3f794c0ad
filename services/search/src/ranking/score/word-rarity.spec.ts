import { describe, expect, it } from '@jest/globals';
import { wordSpecificity } from './word-rarity.js';

describe('wordSpecificity', () => {
  it('reads the commonest English words as least specific and words outside the dictionary as most', () => {
    expect(wordSpecificity('side')).toBeLessThan(wordSpecificity('pregnancy'));
    expect(wordSpecificity('pregnancy')).toBeLessThan(wordSpecificity('insulin'));
    expect(wordSpecificity('insulin')).toBeLessThan(wordSpecificity('hyperkalaemia'));
    expect(wordSpecificity('hyperkalaemia')).toBe(1);
    expect(wordSpecificity('500mg')).toBe(1);
  });
  it('reads a plural as its singular', () => {
    expect(wordSpecificity('signs')).toBe(wordSpecificity('sign'));
  });
});
