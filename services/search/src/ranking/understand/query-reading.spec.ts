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
  it('tells abbreviations and brands, with a capital inside or short in capitals, from words capitalised inside a sentence', () => {
    expect(writtenAsNames('Pt from Assam on an ACEi and NovoRapid - TNK ok? Send a Widal. What HbA1c?')).toEqual({
      abbreviations: new Set(['acei', 'novorapid', 'tnk', 'hba1c']),
      names: new Set(['assam', 'widal']),
    });
  });

  it('reads nothing from the capitals of a query typed in capitals or title case, nor from a shift-key slip', () => {
    expect(writtenAsNames('DENGE WARNING SIGNS')).toEqual({ abbreviations: new Set(), names: new Set() });
    expect(writtenAsNames('Tubrclosis Treatmnet in Adults')).toEqual({ abbreviations: new Set(), names: new Set() });
    expect(writtenAsNames('DEnge in a child, mTBI after a fall')).toEqual({ abbreviations: new Set(['mtbi']), names: new Set() });
  });
});

describe('readQuery', () => {
  it('never asks to correct an abbreviation, and corrects a name only to a medical word', async () => {
    const index = correctingIndex({ assam: 'assay', denge: 'dengue', paracetmol: 'paracetamol' });
    const reading = await readQuery(ask('pt from Assam with Denge - paracetmol ok with the ACEi?'), index);
    expect(index.asked).not.toContain('acei');
    expect(reading.searched).toBe('pt from Assam with dengue - paracetamol ok with the ACEi?');
  });

  it('corrects a capitalised word to an everyday one, and a query in capitals or title case as any other', async () => {
    const table = { whta: 'what', treatmnet: 'treatment', denge: 'dengue', warnig: 'warning' };
    expect((await readQuery(ask('fever in kid. Whta is the Treatmnet?'), correctingIndex(table))).searched).toBe('fever in kid. what is the treatment?');
    expect((await readQuery(ask('DENGE WARNIG SIGNS'), correctingIndex(table))).searched).toBe('dengue warning SIGNS');
  });

  it('corrects the first word whatever its case', async () => {
    const reading = await readQuery(ask('Denge warning signs'), correctingIndex({ denge: 'dengue' }));
    expect(reading.searched).toBe('dengue warning signs');
  });
});
