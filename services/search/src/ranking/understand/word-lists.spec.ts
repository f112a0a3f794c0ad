import { describe, expect, it } from '@jest/globals';
import lists from './word-lists.json' with { type: 'json' };
import { WORD_LISTS } from './word-lists.js';

describe('the word lists of query understanding', () => {
  it('says of every list what its words do, and holds each word once, in lower case', () => {
    for (const [name, list] of Object.entries(lists).filter(([name]) => name !== 'note') as [string, { why: string; words: string[] }][]) {
      expect({ name, why: list.why.length > 20, distinct: new Set(list.words).size === list.words.length, lower: list.words.every((word) => word === word.toLowerCase()) }).toEqual({
        name,
        why: true,
        distinct: true,
        lower: true,
      });
    }
  });

  it('is read into sets that know their words', () => {
    expect(WORD_LISTS.childWords.has('toddler')).toBe(true);
    expect(WORD_LISTS.adultWords.has('grandad')).toBe(true);
    expect(WORD_LISTS.stopwords.has('please')).toBe(true);
    expect(WORD_LISTS.taskWords.has('management')).toBe(true);
    expect(WORD_LISTS.relationWords.has('before')).toBe(true);
  });
});
