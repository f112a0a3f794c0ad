import { describe, expect, it } from '@jest/globals';
import { ageFit, ageRanges, askedAge, askedWeight, weightFit } from './age-ranges.js';

describe('age and weight ranges', () => {
  it('reads the age and the weight a question gives, not a dose per kilogram', () => {
    expect(askedAge('adrenaline for an 8 yo?')).toBe(8);
    expect(askedAge('dose for an 18 months old')).toBe(1.5);
    expect(askedAge('adrenaline dose?')).toBeNull();
    expect(askedWeight('what dose of it for a 30kg kid?')).toBe(30);
    expect(askedWeight('is 10 mg/kg ok?')).toBeNull();
  });

  it("reads the ages a sentence is for, never a duration ('for 6 to 9 months')", () => {
    expect(ageRanges('Give 300 micrograms IM to children aged 6 to 12 years.')).toEqual([[6, 12]]);
    expect(ageRanges('Give 150 micrograms IM to children aged 6 months to 6 years.')).toEqual([[0.5, 6]]);
    expect(ageRanges('Give 500 micrograms IM to adults and children over 12 years.')).toEqual([[12, Infinity]]);
    expect(ageRanges('Give 100 micrograms IM to infants under 6 months.')).toEqual([[0, 0.5]]);
    expect(ageRanges('Give children 12 years and over 10 mg.')).toEqual([[12, Infinity]]);
    for (const duration of ['Treat for 6 to 9 months.', 'Rest for 2 to 3 days.', 'Observe for over 12 hours.']) expect(ageRanges(duration)).toEqual([]);
  });

  it('says whether a sentence is for the age or the weight asked about, or for others, or for everyone', () => {
    expect(ageFit('Give 300 micrograms IM to children aged 6 to 12 years.', 8)).toBe(1);
    expect(ageFit('Give 500 micrograms IM to adults and children over 12 years.', 8)).toBe(-1);
    expect(ageFit('Give paracetamol every 4 to 6 hours.', 8)).toBe(0);
    expect(ageFit('Give 300 micrograms IM to children aged 6 to 12 years.', null)).toBe(0);
    const bands = '30 mg if 15 kg or less, 45 mg over 15 to 23 kg, 60 mg over 23 to 40 kg, 75 mg over 40 kg.';
    expect(weightFit(bands, 30)).toBe(1);
    expect(weightFit('Give 3 mg/kg to children of 20 kg or less.', 35)).toBe(-1);
    expect(weightFit('Give 10 mg/kg, up to 600 mg.', 35)).toBe(0);
  });
});
