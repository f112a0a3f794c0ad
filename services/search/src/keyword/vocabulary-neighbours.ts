import { editDistance, maxEdits } from '@cairn/rules';

/** Like `prefix_length: 1`: a correction keeps the first letter. */
const PREFIX_LENGTH = 1;
const MAX_CANDIDATES = 3;

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
