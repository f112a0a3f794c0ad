import { describe, expect, it } from '@jest/globals';
import { isFragmentary } from './answer-quality.js';

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
