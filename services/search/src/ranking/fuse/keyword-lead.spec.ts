import { describe, expect, it } from '@jest/globals';
import { keywordLead, leadScaledShare } from './keyword-lead.js';

const ranking = (...scores: number[]) => scores.map((score, i) => ({ id: `d${i}`, score }));

describe('keywordLead', () => {
  it('is the first hit’s margin over the second, as a share of its margin over the tenth', () => {
    expect(keywordLead(ranking(20, 10, 9, 8, 7, 6, 5, 4, 3, 0, -5))).toBeCloseTo(0.5, 12);
    expect(keywordLead(ranking(10, 10, 5))).toBe(0);
  });

  it('uses the last hit of a shorter list, and counts a lone hit as a clear winner', () => {
    expect(keywordLead(ranking(4, 3, 0))).toBeCloseTo(0.25, 12);
    expect(keywordLead(ranking(4))).toBe(1);
    expect(keywordLead([])).toBe(0);
    expect(keywordLead(ranking(2, 2, 2))).toBe(0);
  });
});

describe('leadScaledShare', () => {
  it('keeps the share while the lead is small and drops it to none at the confident lead', () => {
    expect(leadScaledShare(0.6, 0, 0.4)).toBeCloseTo(0.6, 12);
    expect(leadScaledShare(0.6, 0.2, 0.4)).toBeCloseTo(0.3, 12);
    expect(leadScaledShare(0.6, 0.5, 0.4)).toBe(0);
  });

  it('is the share itself without a confident lead', () => {
    expect(leadScaledShare(0.3, 0.9, undefined)).toBe(0.3);
  });
});
