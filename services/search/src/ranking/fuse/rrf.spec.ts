import { describe, expect, it } from '@jest/globals';
import { reciprocalRankFusion, vectorWeight } from './rrf.js';

const list = (...ids: string[]) => ids.map((id, i) => ({ id, score: 100 - i }));

describe('reciprocalRankFusion', () => {
  it('sums 1/(k+rank) across lists', () => {
    const fused = reciprocalRankFusion([list('a', 'b'), list('b', 'c')], 60);
    expect(fused.map((f) => f.id)).toEqual(['b', 'a', 'c']);
    expect(fused[0].score).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(fused[1].score).toBeCloseTo(1 / 61, 12);
    expect(fused[2].score).toBeCloseTo(1 / 62, 12);
  });

  it('ignores raw scores, only ranks count', () => {
    const a = [{ id: 'x', score: 1e9 }, { id: 'y', score: 1 }];
    const b = [{ id: 'y', score: 0.99 }, { id: 'x', score: 0.01 }];
    const fused = reciprocalRankFusion([a, b]);
    expect(fused[0].score).toBeCloseTo(fused[1].score, 12);
  });

  it('with one list keeps its order', () => {
    expect(reciprocalRankFusion([list('c', 'a', 'b')]).map((f) => f.id)).toEqual(['c', 'a', 'b']);
  });

  it('applies list weights and breaks ties by id', () => {
    expect(reciprocalRankFusion([list('a'), list('b')], 60, [1, 2]).map((f) => f.id)).toEqual(['b', 'a']);
    expect(reciprocalRankFusion([list('b'), list('a')]).map((f) => f.id)).toEqual(['a', 'b']);
  });

  it('handles empty input', () => {
    expect(reciprocalRankFusion([])).toEqual([]);
    expect(reciprocalRankFusion([[], []])).toEqual([]);
  });
});

describe('vectorWeight', () => {
  it('trusts the vector ranking as far as the embedder knows the query, not at all under half', () => {
    expect(vectorWeight(1)).toBe(1);
    expect(vectorWeight(0.8)).toBe(0.8);
    expect(vectorWeight(0.5)).toBe(0.5);
    expect(vectorWeight(0.49)).toBe(0);
    expect(vectorWeight(0)).toBe(0);
  });
});
