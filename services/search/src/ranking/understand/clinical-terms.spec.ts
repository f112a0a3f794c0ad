import { describe, expect, it } from '@jest/globals';
import { clinicalTerms } from './query-enhancer.js';

describe('the clinical terms table', () => {
  it('gives every lay term what protocols call it and why', () => {
    for (const [lay, { means, why }] of Object.entries(clinicalTerms.lay_terms)) {
      expect({ lay, means: means.length > 0, why: why.trim().length > 0 }).toEqual({ lay, means: true, why: true });
    }
  });

  it('keys every entry in lower case, once, as an abbreviation or a lay term', () => {
    const keys = [...Object.keys(clinicalTerms.abbreviations), ...Object.keys(clinicalTerms.lay_terms)];
    expect(keys.filter((key) => key !== key.toLowerCase() || key !== key.trim())).toEqual([]);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('puts each synonym in one group of two or more', () => {
    const members = clinicalTerms.synonyms.flat();
    expect(clinicalTerms.synonyms.filter((group) => group.length < 2)).toEqual([]);
    expect(members.length).toBe(new Set(members).size);
  });
});
