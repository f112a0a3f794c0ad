import { describe, expect, it } from '@jest/globals';
import { preferenceRanking, withPreferences } from './preferences.js';

const ranking = (...ids: string[]) => ids.map((id, rank) => ({ id, score: 1 / (rank + 1) }));
const ids = (hits: { id: string }[]) => hits.map((hit) => hit.id);

describe('preferenceRanking', () => {
  it('keeps the candidates with a positive preference, highest first, ties in their order', () => {
    const candidates = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }];
    const preference: Record<string, number> = { a: 0.5, b: 0, c: 1, d: 0.5 };
    expect(ids(preferenceRanking(candidates, (candidate) => preference[candidate.id]))).toEqual(['c', 'a', 'd']);
  });
});

describe('withPreferences', () => {
  it('returns the ranking unchanged when nothing is preferred', () => {
    const ranked = ranking('a', 'b', 'c');
    expect(withPreferences(ranked, [{ ranking: [], weight: 1 }])).toBe(ranked);
  });

  it('lifts the preferred candidates by fusing the preference as another ranking', () => {
    const ranked = ranking('a', 'b', 'c', 'd');
    expect(ids(withPreferences(ranked, [{ ranking: ranking('c'), weight: 1 }]))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(withPreferences(ranked, [{ ranking: ranking('d'), weight: 0.01 }]))).toEqual(['a', 'b', 'c', 'd']);
  });
});
