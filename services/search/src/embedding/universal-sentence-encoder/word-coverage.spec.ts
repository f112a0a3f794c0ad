import { describe, expect, it } from '@jest/globals';
import { wordCoverage } from './word-coverage.js';

const vocabulary = new Set(['fever', 'in', 'children', 'Malaria']);
const knows = (word: string) => vocabulary.has(word);

describe('wordCoverage', () => {
  it('is the share of letters in words the vocabulary holds whole', () => {
    expect(wordCoverage('fever in children', knows)).toBe(1);
    expect(wordCoverage('pyelonephritis in children', knows)).toBeCloseTo(10 / 24, 6);
  });

  it('accepts a word in lower case or capitalised, and ignores punctuation and digits alone', () => {
    expect(wordCoverage('MALARIA, Fever? 2024', knows)).toBe(1);
  });

  it('is 0 for a text without words', () => {
    expect(wordCoverage('', knows)).toBe(0);
    expect(wordCoverage('42 %', knows)).toBe(0);
  });
});
