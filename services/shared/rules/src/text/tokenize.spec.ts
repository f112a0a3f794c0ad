import { describe, expect, it } from '@jest/globals';
import { stem, tokenize } from './tokenize.js';

describe('tokenize', () => {
  it('lowercases, folds accents, drops stopwords and stems', () => {
    expect(tokenize('The Naïve patients WERE treated with café-au-lait')).toEqual(['naiv', 'patient', 'treat', 'cafe', 'au', 'lait']);
  });

  it('keeps digits and non-Latin letters as words', () => {
    expect(tokenize('COVID-19: 12-lead ECG, β-blocker')).toEqual(['covid', '19', '12', 'lead', 'ecg', 'β', 'blocker']);
  });

  it('yields nothing for punctuation or stopwords only', () => {
    expect(tokenize(' -- ; ... of the ')).toEqual([]);
  });

  it('stems single words and keeps non-Latin words as they are', () => {
    expect(stem('infarctions')).toBe(stem('infarction'));
    expect(stem('β')).toBe('β');
  });
});
