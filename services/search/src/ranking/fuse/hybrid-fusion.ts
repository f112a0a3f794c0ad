import type { ScoredId } from '../../chunks/chunk.js';
import { RANKING_PROFILE } from '../ranking-profile.js';
import { keywordLead, leadScaledShare } from './keyword-lead.js';
import { reciprocalRankFusion, RRF_K, vectorWeight } from './rrf.js';

/**
 * How the keyword and vector rankings combine: by rank (RRF) or by a convex combination of their scores,
 * each min–max normalised over its candidates; `vectorShare` is the vector ranking's weight before the
 * query's coverage scales it. With `confidentLead`, first place is decided with a share that shrinks as the
 * keyword ranking's first hit leads the others (see keywordLead), to none at that lead, and the rest with
 * the full share: the vector reorders what word matching cannot tell apart and leaves a clear keyword
 * winner first (with the top fused score, so scores still fall down the list).
 */
export interface FusionSettings {
  method: 'rrf' | 'convex';
  vectorShare: number;
  confidentLead?: number;
}

export const FUSION_SETTINGS = Symbol('FUSION_SETTINGS');

/** The ranking profile's fusion (chosen by `npm run bench:fusion` on tune splits only). */
export const DEFAULT_FUSION: FusionSettings = RANKING_PROFILE.fuse.hybrid;

export function fuseRankings(keyword: ScoredId[], vector: ScoredId[], coverage: number, settings: FusionSettings): ScoredId[] {
  const share = settings.vectorShare * vectorWeight(coverage);
  if (share === 0 || vector.length === 0) return keyword;
  if (settings.method === 'rrf') return reciprocalRankFusion([keyword, vector], RRF_K, [1, share]);
  const fused = convexFusion(keyword, vector, share);
  const firstShare = leadScaledShare(share, keywordLead(keyword), settings.confidentLead);
  if (firstShare === share) return fused;
  const [first] = firstShare === 0 ? keyword : convexFusion(keyword, vector, firstShare);
  const rest = fused.filter((hit) => hit.id !== first.id);
  return [{ id: first.id, score: fused[0].score }, ...rest];
}

function convexFusion(keyword: ScoredId[], vector: ScoredId[], share: number): ScoredId[] {
  const fused = new Map<string, number>();
  const add = (list: ScoredId[], weight: number) => {
    const scores = list.map((item) => item.score);
    const low = Math.min(...scores);
    const spread = Math.max(...scores) - low;
    // A lone hit, or hits tied, are the best the ranking has: they count in full.
    for (const item of list) fused.set(item.id, (fused.get(item.id) ?? 0) + weight * (spread > 0 ? (item.score - low) / spread : 1));
  };
  add(keyword, 1 - share);
  add(vector, share);
  return [...fused]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
