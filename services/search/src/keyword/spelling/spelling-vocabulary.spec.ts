import { describe, expect, it } from '@jest/globals';
import { porterStem } from '@cairn/rules';
import { SpellingVocabulary } from './spelling-vocabulary.js';

const frequencies: Record<string, number> = {};

function vocabulary(words: Record<string, number>): SpellingVocabulary {
  const spellings = new SpellingVocabulary();
  for (const [word, chunks] of Object.entries(words)) {
    spellings.add(word, porterStem(word));
    frequencies[porterStem(word)] = chunks;
  }
  return spellings;
}

const frequency = (stem: string, limit: number) => Math.min(frequencies[stem] ?? 0, limit);
const corrected = (spellings: SpellingVocabulary, word: string) => spellings.corrections(word, porterStem(word), frequency).map((c) => c.word);

describe('SpellingVocabulary', () => {
  const spellings = vocabulary({
    dengue: 40,
    fever: 120,
    tuberculosis: 30,
    concussion: 8,
    confusion: 20,
    choking: 6,
    checking: 25,
    treatment: 300,
    signs: 90,
    stroke: 50,
    ors: 12,
  });

  it('corrects an unknown word to the words within 1 edit (4–7 letters) or 2 (8 and more) sharing its first letter', () => {
    expect(corrected(spellings, 'denge')).toEqual(['dengue']);
    expect(corrected(spellings, 'fevr')).toEqual(['fever']);
    expect(corrected(spellings, 'sigms')).toEqual(['signs']);
    expect(corrected(spellings, 'tubrclosis')).toEqual(['tuberculosis']);
    expect(corrected(spellings, 'tbrclosis')).toEqual([]);
    expect(corrected(spellings, 'dngeu')).toEqual([]);
    expect(corrected(spellings, 'engue')).toEqual([]);
  });

  it('takes an everyday English word as meant, however close a word of the index is', () => {
    const index = vocabulary({ full: 30, doses: 40 });
    expect(corrected(index, 'fell')).toEqual([]);
    expect(corrected(index, 'does')).toEqual([]);
    expect(corrected(index, 'fulll')).toEqual(['full']);
  });

  it('leaves known, short and non-word tokens alone', () => {
    expect(corrected(spellings, 'dengue')).toEqual([]);
    expect(corrected(spellings, 'treatments')).toEqual([]);
    expect(corrected(spellings, 'orz')).toEqual([]);
    expect(corrected(spellings, 'covid19')).toEqual([]);
  });

  it('ranks the most similar first, then a letter left out or doubled before one mistyped, then the most frequent, and scores corrections below an exact match', () => {
    const [best, next] = spellings.corrections('concusion', porterStem('concusion'), frequency);
    expect([best.word, next.word]).toEqual(['concussion', 'confusion']);
    expect(best.weight).toBeCloseTo(1 - 1 / 9, 6);
    expect(best.weight).toBeLessThan(1);
    expect(corrected(spellings, 'chocking')).toEqual(['choking', 'checking']);
  });

  it('corrects a word only a chunk or two hold when a far more frequent word is one edit away', () => {
    const withTypoInACorpus = vocabulary({ strok: 1, stroke: 50, melioidosis: 1 });
    expect(corrected(withTypoInACorpus, 'strok')).toEqual(['stroke']);
    expect(corrected(withTypoInACorpus, 'melioidosis')).toEqual([]);
  });

  it('finds words added in batches larger than it compares one by one', () => {
    const batches = vocabulary({ malaria: 10 });
    const filler = Array.from({ length: 5000 }, (_, i) => `zz${i.toString(36).replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)])}`);
    filler.forEach((word) => batches.add(word, word));
    expect(corrected(batches, 'maleria')).toEqual(['malaria']);
    batches.add('leptospirosis', porterStem('leptospirosis'));
    frequencies[porterStem('leptospirosis')] = 3;
    expect(corrected(batches, 'leptospirossis')).toEqual(['leptospirosis']);
    const restored = new SpellingVocabulary();
    restored.restore(batches.snapshot());
    expect(corrected(restored, 'leptospirossis')).toEqual(['leptospirosis']);
  });

  it('finds words added after its deletion index was built, and the same after a snapshot is restored', () => {
    const growing = vocabulary({ malaria: 10 });
    expect(corrected(growing, 'maleria')).toEqual(['malaria']);
    growing.add('leptospirosis', porterStem('leptospirosis'));
    frequencies[porterStem('leptospirosis')] = 3;
    expect(corrected(growing, 'leptospirossis')).toEqual(['leptospirosis']);
    const restored = new SpellingVocabulary();
    restored.restore(growing.snapshot());
    expect(corrected(restored, 'leptospirossis')).toEqual(['leptospirosis']);
    expect(corrected(restored, 'maleria')).toEqual(['malaria']);
  });
});
