import { describe, expect, it } from '@jest/globals';
import { DEFAULT_FUSION, fuseRankings } from './hybrid-fusion.js';

const convex = { method: 'convex' as const, vectorShare: 0.3 };

describe('fuseRankings', () => {
  it('combines min–max normalised scores, the vector ranking weighted by its share', () => {
    const keyword = [
      { id: 'a', score: 12 },
      { id: 'b', score: 7 },
      { id: 'c', score: 2 },
    ];
    const vector = [
      { id: 'c', score: 0.9 },
      { id: 'b', score: 0.8 },
      { id: 'd', score: 0.4 },
    ];
    const fused = fuseRankings(keyword, vector, 1, convex);
    expect(fused.map((hit) => hit.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(fused[0].score).toBeCloseTo(0.7, 12);
    expect(fused[1].score).toBeCloseTo(0.7 * 0.5 + 0.3 * 0.8, 12);
    expect(fused[2].score).toBeCloseTo(0.3, 12);
    expect(fused[3].score).toBeCloseTo(0, 12);
  });

  it('lets a clear keyword winner keep first place where rank fusion would give it up', () => {
    const keyword = [
      { id: 'known-item', score: 30 },
      { id: 'x', score: 6 },
      { id: 'y', score: 5 },
    ];
    const vector = [
      { id: 'x', score: 0.81 },
      { id: 'y', score: 0.8 },
      { id: 'known-item', score: 0.79 },
    ];
    expect(fuseRankings(keyword, vector, 1, convex)[0].id).toBe('known-item');
    expect(fuseRankings(keyword, vector, 1, { method: 'rrf', vectorShare: 1 })[0].id).toBe('x');
  });

  it('scales the vector share by how much of the query the embedder knows, and drops it under half', () => {
    const keyword = [
      { id: 'a', score: 2 },
      { id: 'b', score: 1 },
    ];
    const vector = [
      { id: 'b', score: 1 },
      { id: 'a', score: 0 },
    ];
    expect(fuseRankings(keyword, vector, 0.4, { method: 'convex', vectorShare: 0.9 })).toBe(keyword);
    expect(fuseRankings(keyword, vector, 1, { method: 'convex', vectorShare: 0.9 })[0].id).toBe('b');
    expect(fuseRankings(keyword, vector, 0.5, { method: 'convex', vectorShare: 0.9 })[0].id).toBe('a');
  });

  it('keeps a clear keyword winner first and lets the vector order the rest with its full share', () => {
    const vector = [
      { id: 'c', score: 0.95 },
      { id: 'b', score: 0.5 },
      { id: 'a', score: 0.1 },
    ];
    const clearWinner = [
      { id: 'a', score: 10 },
      { id: 'b', score: 2 },
      { id: 'c', score: 1 },
    ];
    const closeCall = [
      { id: 'a', score: 10 },
      { id: 'b', score: 9.5 },
      { id: 'c', score: 1 },
    ];
    const leadAware = { method: 'convex' as const, vectorShare: 0.6, confidentLead: 0.75 };
    const fused = fuseRankings(clearWinner, vector, 1, leadAware);
    expect(fused.map((hit) => hit.id)).toEqual(['a', 'c', 'b']);
    expect(fused[0].score).toBeGreaterThanOrEqual(fused[1].score);
    expect(fuseRankings(clearWinner, vector, 1, { method: 'convex', vectorShare: 0.6 })[0].id).toBe('c');
    expect(fuseRankings(closeCall, vector, 1, leadAware)[0].id).toBe('b');
  });

  it('returns the keyword ranking when there is no vector ranking', () => {
    const keyword = [{ id: 'a', score: 1 }];
    expect(fuseRankings(keyword, [], 1, DEFAULT_FUSION)).toBe(keyword);
  });

  it('counts a lone keyword hit in full, above vector-only candidates', () => {
    const vector = [
      { id: 'b', score: 0.9 },
      { id: 'c', score: 0.4 },
    ];
    const fused = fuseRankings([{ id: 'a', score: 3 }], vector, 1, convex);
    expect(fused.map((hit) => [hit.id, hit.score])).toEqual([
      ['a', 0.7],
      ['b', 0.3],
      ['c', 0],
    ]);
  });
});
