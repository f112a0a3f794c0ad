import { describe, expect, it } from '@jest/globals';
import { ageFit, ageSpans, askedAge, askedWeight, weightFit } from './age-ranges.js';

const adrenaline = {
  older: 'Give 500 micrograms IM (0.5 mL) to adults and children over 12 years.',
  school: 'Give 300 micrograms IM (0.3 mL) to children aged 6 to 12 years.',
  young: 'Give 150 micrograms IM (0.15 mL) to children aged 6 months to 6 years.',
  infants: 'Give 100 micrograms IM to infants under 6 months.',
};

describe('age and weight ranges', () => {
  it('reads the age and the body weight a question gives, not a dose per kilogram or a weight lost', () => {
    expect(askedAge('adrenaline for an 8 yo?')).toBe(8);
    expect(askedAge('dose for an 18 months old')).toBe(1.5);
    expect(askedAge('adrenaline dose?')).toBeNull();
    expect(askedAge('back blows not working on the 6mo - how do i do chest thrusts?')).toBe(0.5);
    expect(askedAge('8 mo choking - how do i hold her?')).toBeCloseTo(8 / 12);
    expect(askedAge('is a 5 year course needed?')).toBeNull();
    expect(askedAge('give it for 6 months?')).toBeNull();
    expect(askedAge('she is 5 months pregnant - which dose?')).toBeNull();
    expect(askedAge('what is the 10 year risk?')).toBeNull();
    expect(askedWeight('what dose of it for a 30kg kid?')).toBe(30);
    expect(askedWeight('she weighs 42 kg, what dose?')).toBe(42);
    expect(askedWeight('is 10 mg/kg ok?')).toBeNull();
    expect(askedWeight('lost 3 kg in a week, worried?')).toBeNull();
  });

  it('picks the range that holds the age, its top year included and a bound of under or over not', () => {
    const fits = (age: number) => Object.values(adrenaline).map((sentence) => ageFit(sentence, age));
    expect(fits(8)).toEqual([-1, 1, -1, -1]);
    expect(fits(12)).toEqual([-1, 1, -1, -1]);
    expect(fits(12.5)).toEqual([1, 1, -1, -1]);
    expect(fits(13)).toEqual([1, -1, -1, -1]);
    expect(fits(0.25)).toEqual([-1, -1, -1, 1]);
    expect(fits(1.5)).toEqual([-1, -1, 1, -1]);
    expect(ageFit('Give it to infants aged 2 to 5 months.', 5 / 12)).toBe(1);
    expect(ageFit('Give it to children aged 12 to 24 months.', 2.5)).toBe(-1);
    expect(ageFit('Give it to infants under 1 year.', 1.5)).toBe(-1);
    expect(ageFit('Give paracetamol every 4 to 6 hours.', 8)).toBe(0);
    expect(ageFit('Give prednisolone 20 mg at ages 2 to 5 or 30 to 40 mg over age 5, usually for 3 days.', 4)).toBe(1);
    expect(ageFit('Give prednisolone 30 to 40 mg over age 5.', 4)).toBe(-1);
    expect(ageFit('Give it above the age of 6 months.', 1)).toBe(0);
    expect(ageFit('Give it at ages 12-23 mo.', 15)).toBe(0);
    expect(ageFit(adrenaline.school, null)).toBe(0);
  });

  it("never reads a duration as an age ('patients 2 to 3 days after', 'for 6 to 9 months', 'dosage over 2 weeks')", () => {
    for (const duration of [
      'Treat for 6 to 9 months.',
      'Reassess patients 2 to 3 days after starting antibiotics.',
      'Treat adults 5 to 7 days.',
      'Vaccinate adults 2 to 4 weeks before travel.',
      'Taper the dosage over 2 weeks.',
      'Observe for over 12 hours.',
    ])
      expect({ duration, spans: ageSpans(duration) }).toEqual({ duration, spans: [] });
  });

  it('picks the weight band that holds the weight, a band of or less including its bound and one of over not', () => {
    const bands = ['Give 30 mg if 15 kg or less.', 'Give 45 mg over 15 to 23 kg.', 'Give 60 mg over 23 to 40 kg.', 'Give 75 mg over 40 kg.'];
    expect(bands.map((sentence) => weightFit(sentence, 30))).toEqual([-1, -1, 1, -1]);
    expect(bands.map((sentence) => weightFit(sentence, 15))).toEqual([1, 1, -1, -1]);
    expect(bands.map((sentence) => weightFit(sentence, 40))).toEqual([-1, -1, 1, -1]);
    expect(weightFit('Give 3 mg/kg to children of 20 kg or less.', 20)).toBe(1);
    expect(weightFit('Give 2.4 mg/kg to children over 20 kg.', 20)).toBe(-1);
    expect(weightFit('Give 10 mg/kg, up to 600 mg.', 35)).toBe(0);
    expect(weightFit('Up to 2 kg weight loss is expected in the first week.', 35)).toBe(0);
  });
});
