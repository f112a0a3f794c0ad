import { RANKING_PROFILE } from '../../ranking/ranking-profile.js';
import { isDictionaryWord } from './common-english.js';

/** Words shorter than this are never corrected; from TWO_EDITS_FROM letters on, two edits are allowed (Elasticsearch's AUTO:4,8). */
export const { oneEditFrom: ONE_EDIT_FROM, twoEditsFrom: TWO_EDITS_FROM } = RANKING_PROFILE.understand.typos;
/** Letters a correction must share with the typed word at its start (Elasticsearch's prefix_length). */
export const TYPO_PREFIX_LENGTH = RANKING_PROFILE.understand.typos.prefixLength;

/** How many edits a typed word may be from its correction: 0 under 4 letters or for a dictionary word, 1 up to 7, 2 from 8. */
export function maxEditsFor(word: string): number {
  if (isDictionaryWord(word)) return 0;
  return word.length >= TWO_EDITS_FROM ? 2 : word.length >= ONE_EDIT_FROM ? 1 : 0;
}

/**
 * The optimal string alignment distance between two words (insertions, deletions, substitutions and
 * transpositions of neighbours each count one, as Elasticsearch's fuzzy_transpositions), or max + 1
 * as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let beforePrevious = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      let distance = Math.min(previous[j] + 1, current[j - 1] + 1, substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) distance = Math.min(distance, beforePrevious[j - 2] + 1);
      current[j] = distance;
      rowMin = Math.min(rowMin, distance);
    }
    if (rowMin > max) return max + 1;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return Math.min(previous[b.length], max + 1);
}
