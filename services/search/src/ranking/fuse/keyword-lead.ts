import type { ScoredId } from '../../chunks/chunk.js';
import { RANKING_PROFILE } from '../ranking-profile.js';

/** How far down the keyword ranking the lead of its first hit is measured. */
export const LEAD_DEPTH = RANKING_PROFILE.fuse.leadDepth;

/**
 * How clearly the keyword ranking's first hit wins (0..1): its margin over the second as a share of its
 * margin over the tenth (or the last, in a shorter list). Near 1 the query's words point at one text
 * (a known item); near 0 many texts match about as well, and word matching alone cannot order them.
 */
export function keywordLead(keyword: ScoredId[]): number {
  if (keyword.length < 2) return keyword.length === 1 ? 1 : 0;
  const first = keyword[0].score;
  const spread = first - keyword[Math.min(LEAD_DEPTH, keyword.length) - 1].score;
  return spread > 0 ? (first - keyword[1].score) / spread : 0;
}

/**
 * The share of a vector ranking once the keyword lead is known: full while the lead is small, falling
 * linearly to none when it reaches `confidentLead` (a keyword winner that clear is left where it is).
 */
export function leadScaledShare(share: number, lead: number, confidentLead: number | undefined): number {
  if (confidentLead === undefined) return share;
  return share * Math.max(0, 1 - lead / confidentLead);
}
