import { describe, expect, it } from '@jest/globals';
import { isFragmentary, loadFollowUpQuestions } from './answer-quality.js';

describe('isFragmentary', () => {
  it('reads whole sentences with numbered or named citations as whole', () => {
    expect(isFragmentary('Give 15 mg/kg. [1]\n- Repeat every 6 hours. [2]')).toBe(false);
    expect(isFragmentary('Apply ice packs to neck, armpits and groin. [ICMR: Heat stroke: recognition and rapid cooling]')).toBe(false);
  });

  it('finds answers cut short or stitched together', () => {
    expect(isFragmentary('Give paracetamol 15 mg/kg every... [1]')).toBe(true);
    expect(isFragmentary('Give paracetamol 15 mg/kg [1]')).toBe(true);
    expect(isFragmentary('Give fluids. - Check urine output [1]')).toBe(true);
  });
});

describe('loadFollowUpQuestions', () => {
  it('keeps every held-out question out of the tune set, each with a fact pattern that reads', () => {
    const tune = new Set(loadFollowUpQuestions('tune').map((question) => question.question));
    for (const set of ['test', 'fresh test', 'second fresh'] as const) {
      const heldOut = loadFollowUpQuestions(set);
      expect(heldOut.length).toBeGreaterThan(15);
      expect(heldOut.filter((question) => tune.has(question.question))).toEqual([]);
      for (const question of heldOut) expect(() => new RegExp(question.fact, 'i')).not.toThrow();
    }
  });
});
