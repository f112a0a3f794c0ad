import { describe, expect, it } from '@jest/globals';
import { maxEdits } from '@cairn/rules';
import { VocabularyNeighbours } from './vocabulary-neighbours.js';

describe('VocabularyNeighbours', () => {
  const vocabulary = new VocabularyNeighbours(['dengu', 'fever', 'feed', 'malaria', 'asthma', 'attack', 'anaphylaxi', 'tb', 'heart', 'hear', '2024']);
  const frequency = (term: string) => ({ hear: 5, heart: 50 })[term] ?? 1;

  it('allows one edit to words of 4 to 7 letters, two from 8, none below 4, keeping the first letter', () => {
    expect(maxEdits('tb')).toBe(0);
    expect(maxEdits('fevr')).toBe(1);
    expect(maxEdits('anaphilaxi')).toBe(2);
    expect(vocabulary.near('fevr', frequency)).toEqual([{ term: 'fever', edits: 1 }]);
    expect(vocabulary.near('anafylaxi', frequency)).toEqual([{ term: 'anaphylaxi', edits: 2 }]);
    expect(vocabulary.near('tv', frequency)).toEqual([]);
    expect(vocabulary.near('pever', frequency)).toEqual([]);
    expect(vocabulary.near('2025', frequency)).toEqual([]);
  });

  it('keeps only the closest words, the most frequent first', () => {
    expect(vocabulary.near('heatr', frequency)).toEqual([{ term: 'heart', edits: 1 }, { term: 'hear', edits: 1 }]);
    expect(vocabulary.near('heaxt', frequency)).toEqual([{ term: 'heart', edits: 1 }]);
    expect(vocabulary.near('heam', frequency)).toEqual([{ term: 'hear', edits: 1 }]);
  });
});
