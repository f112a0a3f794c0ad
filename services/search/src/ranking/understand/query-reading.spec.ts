import { describe, expect, it } from '@jest/globals';
import { readQuery } from './query-reading.js';
import { writtenAsNames } from './query-text.js';

/** A keyword index that corrects each word it is asked about from a fixed table, recording what it was asked. */
function correctingIndex(table: Record<string, string>) {
  const asked: string[] = [];
  return {
    asked,
    corrections: async (words: string[]) => {
      asked.push(...words);
      return Object.fromEntries(words.filter((word) => word in table).map((word) => [word, table[word]]));
    },
  };
}

const ask = (query: string) => ({ query, owners: ['global'], enhance: false, correctTypos: true });

describe('writtenAsNames', () => {
  it('tells abbreviations and brands, with a capital after the first letter, from words capitalised after the first', () => {
    expect(writtenAsNames('Pt from Assam on an ACEi and NovoRapid - TNK ok?')).toEqual({
      abbreviations: new Set(['acei', 'novorapid', 'tnk']),
      names: new Set(['assam']),
    });
  });
});

describe('readQuery', () => {
  it('never asks to correct an abbreviation, and corrects a name only to a medical word', async () => {
    const index = correctingIndex({ assam: 'assay', denge: 'dengue', paracetmol: 'paracetamol' });
    const reading = await readQuery(ask('pt from Assam with Denge - paracetmol ok with the ACEi?'), index);
    expect(index.asked).not.toContain('acei');
    expect(reading.searched).toBe('pt from Assam with dengue - paracetamol ok with the ACEi?');
  });

  it('corrects the first word whatever its case', async () => {
    const reading = await readQuery(ask('Denge warning signs'), correctingIndex({ denge: 'dengue' }));
    expect(reading.searched).toBe('dengue warning signs');
  });
});
