import { describe, expect, it } from '@jest/globals';
import { stem } from '@cairn/rules';
import { shippedOverlay } from './clinical-terms.js';
import { vocabularySynonyms } from './medical-vocabulary.js';

const key = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(stem).join(' ');
const gives = (text: string, wanted: string[]) => {
  const found = new Set(vocabularySynonyms(text).map((synonym) => key(synonym.text)));
  return wanted.some((meaning) => found.has(key(meaning)));
};

describe('the curated overlay of clinical terms', () => {
  const { abbreviations, lay_terms: layTerms, synonyms } = shippedOverlay;

  it('holds at most 100 chosen entries besides the pinned, each with what it means and why no public vocabulary covers it', () => {
    const pinned = [...Object.values(abbreviations), ...Object.values(layTerms)].filter((entry) => entry.pinned).length;
    expect(Object.keys(abbreviations).length + Object.keys(layTerms).length + synonyms.length - pinned).toBeLessThanOrEqual(100);
    for (const [term, { means, why }] of [...Object.entries(abbreviations), ...Object.entries(layTerms), ...synonyms.map((group) => [group.terms.join(' | '), { means: group.terms, why: group.why }] as const)]) {
      expect({ term, means: means.length > 0, why: /Wikipedia's list|None of the public vocabularies/.test(why) }).toEqual({ term, means: true, why: true });
    }
  });

  it('has no entry the public vocabularies already give', () => {
    expect(Object.entries(abbreviations).filter(([abbreviation, { means }]) => gives(abbreviation.toUpperCase(), means)).map(([abbreviation]) => abbreviation)).toEqual([]);
    expect(Object.entries(layTerms).filter(([lay, { means }]) => gives(lay, means)).map(([lay]) => lay)).toEqual([]);
    expect(synonyms.filter(({ terms }) => terms.every((term) => gives(term, terms.filter((other) => other !== term)))).map(({ terms }) => terms[0])).toEqual([]);
  });

  it('keys every entry in lower case, once, as an abbreviation or a lay term', () => {
    const keys = [...Object.keys(abbreviations), ...Object.keys(layTerms)];
    expect(keys.filter((term) => term !== term.toLowerCase() || term !== term.trim())).toEqual([]);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('puts each synonym in one group of two or more', () => {
    const members = synonyms.flatMap((group) => group.terms);
    expect(synonyms.filter((group) => group.terms.length < 2)).toEqual([]);
    expect(members.length).toBe(new Set(members).size);
  });
});
