import type { ScoredId } from '../../chunks/chunk.js';
import { reciprocalRankFusion, RRF_K } from '../fuse/rrf.js';

/** A ranking of what the query prefers (chunks about its topic, or for its population), and its weight in the fusion. */
export interface Preference {
  ranking: ScoredId[];
  weight: number;
}

/** The candidates with a positive preference, highest first (ties keep the candidates' order). */
export function preferenceRanking<T extends { id: string }>(candidates: T[], preference: (candidate: T) => number): ScoredId[] {
  return candidates
    .map((candidate) => ({ id: candidate.id, score: preference(candidate) }))
    .filter((candidate) => candidate.score > 0)
    .sort((a, b) => b.score - a.score);
}

/**
 * Fuses a ranking with the query's preferences by reciprocal rank fusion, as further rankings; the
 * ranking is returned unchanged when no candidate is preferred.
 */
export function withPreferences(ranked: ScoredId[], preferences: Preference[], k = RRF_K): ScoredId[] {
  const used = preferences.filter((preference) => preference.ranking.length > 0 && preference.weight > 0);
  if (used.length === 0) return ranked;
  return reciprocalRankFusion([ranked, ...used.map((preference) => preference.ranking)], k, [1, ...used.map((preference) => preference.weight)]);
}
