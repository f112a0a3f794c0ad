import { describe, expect, it } from '@jest/globals';
import lists from './word-lists.json' with { type: 'json' };
import { TASK_SECTIONS, WORD_LISTS } from './word-lists.js';

describe('the word lists of query understanding', () => {
  it('says of every list what its words do, and holds each word once, in lower case', () => {
    const groups = lists.task_sections.groups.flatMap((group, index) => [
      [`task_sections ${index} asked`, { why: lists.task_sections.why, words: group.asked }],
      [`task_sections ${index} headings`, { why: lists.task_sections.why, words: group.headings }],
    ]);
    const named = Object.entries(lists).filter(([name]) => name !== 'note' && name !== 'task_sections');
    for (const [name, list] of [...named, ...groups] as [string, { why: string; words: string[] }][]) {
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
    expect(TASK_SECTIONS.find((group) => group.asked.has('treatment'))?.headings.has('care')).toBe(true);
  });
});
