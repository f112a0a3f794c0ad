import { describe, expect, it } from '@jest/globals';
import { editDistance, maxEdits, VocabularyNeighbours } from './vocabulary-neighbours.js';

describe('editDistance', () => {
  it.each([
    ['dengu', 'dengu', 0],
    ['deng', 'dengu', 1],
    ['sings', 'signs', 1],
    ['astma', 'asthma', 1],
    ['malaira', 'malaria', 1],
    ['hipertens', 'hypertens', 1],
    ['resusitaton', 'resuscit', 4],
  ])('%s → %s: %i', (a, b, expected) => {
    expect(editDistance(a, b, 3)).toBe(expected);
  });

  it('stops at the limit', () => {
    expect(editDistance('abcdefgh', 'zyxwvuts', 2)).toBe(3);
  });
});

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
