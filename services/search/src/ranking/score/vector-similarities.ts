import type { ScoredId } from '../../chunks/chunk.js';

/**
 * Each hit's cosine similarity to the query, from the vector ranking: a hit it did not reach is at
 * most as similar as its last one; null when no vector ranking ran.
 */
export function vectorSimilarities(vectorHits: ScoredId[]): (id: string) => number | null {
  if (vectorHits.length === 0) return () => null;
  const scores = new Map(vectorHits.map((hit) => [hit.id, hit.score]));
  const floor = Math.min(...scores.values());
  return (id) => scores.get(id) ?? floor;
}
