/**
 * Lucene's fuzzy matching as Elasticsearch applies it to `match`/`multi_match` with `fuzziness` and to
 * the term suggester: Damerau–Levenshtein distance (adjacent transpositions count one), a prefix that
 * must match exactly, and the number of edits `AUTO:low,high` allows for a term's length.
 */
import { illegalArgument } from './elasticsearch-error.js';

/** The optimal string alignment distance, or max + 1 once it must exceed max. */
export function damerauDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return Math.min(rows[a.length][b.length], max + 1);
}

/** The edits a `fuzziness` value allows for a term: `0`–`2`, `AUTO` (= AUTO:3,6) or `AUTO:low,high`. */
export function allowedEdits(fuzziness: unknown, term: string): number {
  const text = String(fuzziness).toUpperCase();
  if (/^[012]$/.test(text)) return Number(text);
  const auto = /^AUTO(?::(\d+),(\d+))?$/.exec(text);
  if (!auto) throw illegalArgument(`failed to parse [fuzziness] value [${String(fuzziness)}]`);
  const [low, high] = auto[1] === undefined ? [3, 6] : [Number(auto[1]), Number(auto[2])];
  return term.length < low ? 0 : term.length < high ? 1 : 2;
}

export interface FuzzyExpansion {
  term: string;
  edits: number;
  /** Lucene's boost for a fuzzy match: 1 − edits / the shorter length (1 for the term itself). */
  boost: number;
}

/** The indexed terms within `maxEdits` of `term` that share its first `prefixLength` characters, closest first. */
export function fuzzyExpansions(term: string, indexed: Iterable<string>, maxEdits: number, prefixLength: number, maxExpansions = 50): FuzzyExpansion[] {
  const prefix = term.slice(0, prefixLength);
  const found: FuzzyExpansion[] = [];
  for (const candidate of indexed) {
    if (!candidate.startsWith(prefix)) continue;
    const edits = damerauDistance(term, candidate, maxEdits);
    if (edits > maxEdits) continue;
    found.push({ term: candidate, edits, boost: edits === 0 ? 1 : 1 - edits / Math.min(term.length, candidate.length) });
  }
  return found.sort((a, b) => a.edits - b.edits || (a.term < b.term ? -1 : 1)).slice(0, maxExpansions);
}
