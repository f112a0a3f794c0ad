import type { ScoredId } from '../../chunks/chunk.js';
import { RANKING_PROFILE } from '../ranking-profile.js';

export const RRF_K = RANKING_PROFILE.fuse.rrfK;

/**
 * Reciprocal rank fusion: each list contributes weight / (k + rank) for every id it ranks (rank from 1).
 * Ranks, not raw scores, are fused, so BM25 and cosine scores never have to be comparable.
 */
export function reciprocalRankFusion(lists: ScoredId[][], k = RRF_K, weights: number[] = lists.map(() => 1)): ScoredId[] {
  const fused = new Map<string, number>();
  lists.forEach((list, listIndex) => {
    list.forEach((item, index) => {
      fused.set(item.id, (fused.get(item.id) ?? 0) + weights[listIndex] / (k + index + 1));
    });
  });
  return [...fused]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Below this share of a query understood, the vector ranking is noise and stays out of the fusion. */
export const VECTOR_MIN_COVERAGE = RANKING_PROFILE.fuse.vectorMinCoverage;

/** RRF weight of the vector ranking: as much as the embedder understands of the query, nothing under half. */
export function vectorWeight(coverage: number): number {
  return coverage >= VECTOR_MIN_COVERAGE ? coverage : 0;
}
