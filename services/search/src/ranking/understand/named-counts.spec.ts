import { describe, expect, it } from '@jest/globals';
import { namedCounts } from './named-counts.js';
import { enhanceQuery } from './query-enhancer.js';

describe('namedCounts', () => {
  it('reads a count after a term as guidance names it in words', () => {
    expect(namedCounts('sepsis 6 adult')).toEqual(['sepsis six']);
    expect(namedCounts('Sepsis 6')).toEqual(['sepsis six']);
    expect(enhanceQuery('sepsis 6 adult').added).toContain('sepsis six');
  });

  it('leaves amounts, times, ages, values and numbers after anything but a condition alone', () => {
    expect(namedCounts('paracetamol 2 g a day')).toEqual([]);
    expect(namedCounts('fever for 3 days')).toEqual([]);
    expect(namedCounts('child 6 yo with fever')).toEqual([]);
    expect(namedCounts('repeat after 5 minutes')).toEqual([]);
    expect(namedCounts('TXA in head injury GCS 12 or less')).toEqual([]);
    expect(namedCounts('type 2 diabetes, day 5 of dengue')).toEqual([]);
    expect(namedCounts('ASV 8-10 vials, lactate 4 or hypotension, artesunate 2.4 mg/kg')).toEqual([]);
    expect(namedCounts('potassium 7 with ecg changes, warfarin inr 8 no bleeding, ceftriaxone 2 grams, gravida 3 para 2')).toEqual([]);
    expect(namedCounts('fever with 3 seizures')).toEqual([]);
  });

  it('reads the count at the end of a sentence or before "and"', () => {
    expect(namedCounts('sepsis 6.')).toEqual(['sepsis six']);
    expect(namedCounts('sepsis 6 and lactate')).toEqual(['sepsis six']);
  });
});
