import { describe, expect, it } from '@jest/globals';
import { dot, seededUnitVector } from '../seeded-vectors.fixture.js';
import { EXACT_SEARCH_LIMIT, OwnerShard } from './owner-shard.js';

const entry = (id: string) => ({ id, documentId: id, source: 'ingested' as const });

describe('OwnerShard above the exact-search limit', () => {
  const dims = 64;
  const vectors = Array.from({ length: EXACT_SEARCH_LIMIT + 1000 }, (_, n) => seededUnitVector(n + 1, dims));
  const shard = new OwnerShard(dims);
  vectors.forEach((vector, n) => shard.put(entry(`v${n}`), vector));

  it('finds a stored vector first, and most of the exact top 10 through its sketches', () => {
    for (const n of [0, 777, vectors.length - 1]) {
      const query = vectors[n].map((value, i) => value + (i % 7 === 0 ? 0.01 : 0));
      const hits = shard.search(query, 10).result();
      expect(hits[0].id).toBe(`v${n}`);
      const exact = vectors
        .map((vector, m) => ({ id: `v${m}`, score: dot(vector, query) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, 10)
        .map((hit) => hit.id);
      expect(hits.filter((hit) => exact.includes(hit.id)).length).toBeGreaterThanOrEqual(8);
    }
  });

  it('keeps searching the right vectors after removals renumber its rows', () => {
    expect(shard.removeWhere((candidate) => Number(candidate.id.slice(1)) % 2 === 0)).toBe(Math.ceil(vectors.length / 2));
    expect(shard.search(vectors[777], 1).result()[0].id).toBe('v777');
    expect(shard.search(vectors[776], 1).result()[0].id).not.toBe('v776');
  });
});
