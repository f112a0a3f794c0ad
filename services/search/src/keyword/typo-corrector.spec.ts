import { describe, expect, it } from '@jest/globals';
import { fts5Tokens } from './fts5-tokens.js';
import { meantTerms, type Vocabulary } from './typo-corrector.js';
import { VocabularyNeighbours } from './vocabulary-neighbours.js';

function vocabulary(words: Record<string, number>): Vocabulary {
  const frequencies = new Map(Object.entries(words).map(([word, count]) => [fts5Tokens(word)[0], count]));
  const neighbours = new VocabularyNeighbours(frequencies.keys());
  return {
    frequency: (term) => frequencies.get(term) ?? 0,
    neighboursOf: (term) => (frequencies.has(term) ? [] : neighbours.near(term, (candidate) => frequencies.get(candidate) ?? 0)),
  };
}

describe('meantTerms', () => {
  const index = vocabulary({ choking: 3, checking: 40, dengue: 20, fever: 90, diarrhoea: 12, infant: 30, anaphylaxis: 8 });

  it('leaves an indexed word, a short word and a number alone', () => {
    expect(meantTerms('fever', index)).toEqual([]);
    expect(meantTerms('tb', index)).toEqual([]);
    expect(meantTerms('2025', index)).toEqual([]);
  });

  it('reads a word one edit away as the indexed stem of the word meant, the most frequent first', () => {
    expect(meantTerms('chocking', index)).toEqual([
      { term: 'check', edits: 1 },
      { term: 'choke', edits: 1 },
    ]);
    expect(meantTerms('fevr', index)).toEqual([{ term: 'fever', edits: 1 }]);
    expect(meantTerms('infnat', index)).toEqual([{ term: 'infant', edits: 1 }]);
    expect(meantTerms('diarhoea', index)).toEqual([{ term: 'diarrhoea', edits: 1 }]);
  });

  it('falls back to indexed stems two edits away for long words', () => {
    expect(meantTerms('anafylaxis', index)).toEqual([{ term: fts5Tokens('anaphylaxis')[0], edits: 2 }]);
    expect(meantTerms('denge', index)).toEqual([{ term: 'dengu', edits: 1 }]);
  });
});
