/** Typos tolerated per spec of the issue and Elasticsearch's `fuzziness: AUTO`: none under 4 letters, 1 edit up to 7, 2 from 8. */
export const maxEdits = (term: string) => (term.length < 4 ? 0 : term.length < 8 ? 1 : 2);
/** Like `prefix_length: 1`: a correction keeps the first letter. */
const PREFIX_LENGTH = 1;
const MAX_CANDIDATES = 3;

/** Edits between two words (insert, delete, substitute, or swap two neighbours), or `limit + 1` once it is certain to exceed `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}

/** The words of an index's vocabulary grouped by first letter and length, to find the ones a typo was meant to be. */
export class VocabularyNeighbours {
  private readonly buckets = new Map<string, string[]>();

  constructor(terms: Iterable<string>) {
    for (const term of terms) {
      if (term.length < 3 || /\d/.test(term)) continue;
      const key = `${term.slice(0, PREFIX_LENGTH)}${term.length}`;
      const bucket = this.buckets.get(key);
      if (bucket) bucket.push(term);
      else this.buckets.set(key, [term]);
    }
  }

  /** The closest vocabulary words within the edits `term` allows, the most frequent first (`frequency` ranks them). */
  near(term: string, frequency: (term: string) => number): { term: string; edits: number }[] {
    const limit = maxEdits(term);
    if (limit === 0 || /\d/.test(term)) return [];
    let found: { term: string; edits: number }[] = [];
    let closest = limit + 1;
    for (let length = term.length - limit; length <= term.length + limit; length++) {
      for (const candidate of this.buckets.get(`${term.slice(0, PREFIX_LENGTH)}${length}`) ?? []) {
        const edits = editDistance(term, candidate, Math.min(limit, closest));
        if (edits > limit || edits > closest) continue;
        if (edits < closest) {
          closest = edits;
          found = [];
        }
        found.push({ term: candidate, edits });
      }
    }
    return found.sort((a, b) => frequency(b.term) - frequency(a.term)).slice(0, MAX_CANDIDATES);
  }
}
