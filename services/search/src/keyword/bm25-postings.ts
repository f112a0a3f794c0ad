import type { ScoredId } from '../chunks/chunk.js';
import { ScoreAccumulator } from './score-accumulator.js';

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** Removed rows are compacted away once they are this share of all rows (and at least COMPACT_MIN_DEAD). */
const COMPACT_DEAD_SHARE = 0.25;
const COMPACT_MIN_DEAD = 256;

export interface Bm25Document {
  id: string;
  owner: string;
  /** Tokens per column, in the order of the column weights. */
  columns: string[][];
}

/** Looking a row up in a term's postings costs about as much as scanning this many postings. */
const SEEK_COST = 16;

/** A query term as a search uses it: its postings and their impacts, idf × repeats, and the most it adds to a score. */
interface QueryTerm {
  postings: Postings;
  impacts: Float64Array;
  weight: number;
  bound: number;
}

/** Everything a Bm25Postings holds, compacted, for persisting and restoring it. */
export interface Bm25Snapshot {
  ids: string[];
  owners: string[];
  lengths: Int32Array;
  terms: { term: string; rows: Int32Array; frequencies: Float32Array }[];
}

/** The rows containing one term, ascending, with the term's weighted frequency in each. */
class Postings {
  rows: Int32Array = new Int32Array(4);
  frequencies: Float32Array = new Float32Array(4);
  length = 0;
  /** Each posting's BM25 score before idf, for the length weight it was computed with; the highest of them. */
  private impacts: Float64Array | null = null;
  private impactsLengthWeight = 0;
  maxImpact = 0;
  /** How many postings were of live rows when last counted: at `length` postings, after `removals` removals. */
  readonly liveCount = { live: 0, length: 0, removals: -1 };

  static of(rows: Int32Array, frequencies: Float32Array): Postings {
    const postings = new Postings();
    postings.rows = rows;
    postings.frequencies = frequencies;
    postings.length = rows.length;
    return postings;
  }

  push(row: number, frequency: number): void {
    if (this.length === this.rows.length) {
      const rows = new Int32Array(Math.max(4, this.length * 2));
      rows.set(this.rows);
      this.rows = rows;
      const frequencies = new Float32Array(rows.length);
      frequencies.set(this.frequencies);
      this.frequencies = frequencies;
    }
    this.rows[this.length] = row;
    this.frequencies[this.length++] = frequency;
    this.impacts = null;
  }

  /** Keeps the postings of surviving rows, renumbered by `newRow` (-1 for removed rows). */
  renumber(newRow: Int32Array): void {
    let kept = 0;
    for (let i = 0; i < this.length; i++) {
      const row = newRow[this.rows[i]];
      if (row < 0) continue;
      this.rows[kept] = row;
      this.frequencies[kept++] = this.frequencies[i];
    }
    this.length = kept;
    this.impacts = null;
  }

  /**
   * f·(k1 + 1) / (f + k1·(1 − b) + lengthWeight·length) for each posting, lengthWeight being k1·b over
   * the mean row length: computed again only after a write changed the postings or the mean length.
   */
  impactsFor(lengthWeight: number, lengths: ArrayLike<number>): Float64Array {
    if (this.impacts && this.impactsLengthWeight === lengthWeight) return this.impacts;
    const impacts = new Float64Array(this.length);
    let maxImpact = 0;
    for (let i = 0; i < this.length; i++) {
      const frequency = this.frequencies[i];
      impacts[i] = (frequency * (BM25_K1 + 1)) / (frequency + BM25_K1 * (1 - BM25_B) + lengthWeight * lengths[this.rows[i]]);
      maxImpact = Math.max(maxImpact, impacts[i]);
    }
    this.impacts = impacts;
    this.impactsLengthWeight = lengthWeight;
    this.maxImpact = maxImpact;
    return impacts;
  }

  /** The index of the first posting at or after `row`, galloping forward from index `from`. */
  seek(row: number, from: number): number {
    let low = from;
    let step = 1;
    for (; low + step < this.length && this.rows[low + step] <= row; step *= 2) low += step;
    let high = Math.min(low + step, this.length);
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.rows[middle] < row) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/**
 * BM25 as SQLite FTS5's bm25() computes it (k1 1.2, b 0.75, idf floored at 1e-6, document length
 * over every column, term frequency weighted per column), over postings held in memory: FTS5 scores
 * every matching row through its auxiliary-function API, which costs milliseconds per query.
 */
export class Bm25Postings {
  private readonly postings = new Map<string, Postings>();
  private readonly rowOf = new Map<string, number>();
  private ids: (string | null)[] = [];
  /** Each row's owner as a code (0 once the row is removed), and the owner each code stands for. */
  private rowOwners: number[] = [];
  private readonly ownerCodes = new Map<string, number>();
  private readonly ownerNames: string[] = [''];
  private lengths: number[] = [];
  private liveRows = 0;
  private removals = 0;
  private totalLength = 0;
  private readonly accumulator = new ScoreAccumulator();

  constructor(private readonly columnWeights: number[]) {}

  get size(): number {
    return this.liveRows;
  }

  put(document: Bm25Document): void {
    this.remove(document.id);
    const row = this.ids.length;
    const frequencies = new Map<string, number>();
    let length = 0;
    document.columns.forEach((tokens, column) => {
      length += tokens.length;
      const weight = this.columnWeights[column] ?? 0;
      if (weight > 0) for (const token of tokens) frequencies.set(token, (frequencies.get(token) ?? 0) + weight);
    });
    for (const [term, frequency] of frequencies) {
      let postings = this.postings.get(term);
      if (!postings) this.postings.set(term, (postings = new Postings()));
      postings.push(row, frequency);
    }
    this.ids.push(document.id);
    this.rowOwners.push(this.ownerCode(document.owner));
    this.lengths.push(length);
    this.rowOf.set(document.id, row);
    this.liveRows++;
    this.totalLength += length;
  }

  remove(id: string): boolean {
    const row = this.rowOf.get(id);
    if (row === undefined) return false;
    this.rowOf.delete(id);
    this.ids[row] = null;
    this.rowOwners[row] = 0;
    this.liveRows--;
    this.removals++;
    this.totalLength -= this.lengths[row];
    const dead = this.ids.length - this.liveRows;
    if (dead >= COMPACT_MIN_DEAD && dead >= COMPACT_DEAD_SHARE * this.ids.length) this.compact();
    return true;
  }

  /**
   * Live rows of the given owners containing any of the terms, best BM25 first. Terms are taken in
   * order of the most they can add to a score; once the terms left cannot lift a row that has none of
   * the terms seen so far into the top `size`, they are only looked up for the rows that still can.
   */
  search(terms: string[], owners: Iterable<string>, size: number): ScoredId[] {
    const weights = new Map<string, number>();
    for (const term of terms) weights.set(term, (weights.get(term) ?? 0) + 1);
    return this.searchWeighted(weights, owners, size);
  }

  /** The same, each term's score multiplied by its weight (a repeated term weighs its count; a typo's correction less than 1). */
  searchWeighted(weights: ReadonlyMap<string, number>, owners: Iterable<string>, size: number): ScoredId[] {
    if (this.liveRows === 0 || size <= 0) return [];
    const allowed = this.allowedOwners(owners);
    const plan = this.plan(weights);
    const scores = this.accumulator;
    scores.reset(this.ids.length);
    let remaining = plan.reduce((sum, term) => sum + term.bound, 0);
    let next = 0;
    for (; next < plan.length; next++) {
      const seen = plan[0].bound * next;
      if (seen > remaining && scores.countAtLeast(remaining) >= size) break;
      this.addEverywhere(plan[next], allowed, scores);
      remaining -= plan[next].bound;
    }
    let ranked = scores.rows();
    if (next < plan.length) {
      const threshold = scores.kthHighest(size, remaining);
      ranked = scores.rowsAtLeast(threshold - remaining).sort();
      for (const term of plan.slice(next)) {
        const floor = Math.max(threshold - remaining, Number.MIN_VALUE);
        if (ranked.length * SEEK_COST < term.postings.length) this.addWhereAlready(term, ranked, scores);
        else this.addWhereAtLeast(term, floor, scores);
        remaining -= term.bound;
      }
    }
    return Array.from(scores.best(size, ranked), (row) => ({ id: this.ids[row]!, score: scores.score(row) }));
  }

  /** The distinct query terms found, with their idf and the most each can add to a row's score, highest first. */
  private plan(termWeights: ReadonlyMap<string, number>): QueryTerm[] {
    const lengthWeight = (BM25_K1 * BM25_B) / (this.totalLength / this.liveRows);
    const plan: QueryTerm[] = [];
    for (const [term, termWeight] of termWeights) {
      const postings = this.postings.get(term);
      const hits = postings ? this.liveCount(postings) : 0;
      if (!postings || hits === 0) continue;
      const weight = termWeight * Math.max(1e-6, Math.log((this.liveRows - hits + 0.5) / (hits + 0.5)));
      const impacts = postings.impactsFor(lengthWeight, this.lengths);
      plan.push({ postings, impacts, weight, bound: weight * postings.maxImpact * (1 + 1e-9) });
    }
    return plan.sort((a, b) => b.bound - a.bound);
  }

  private addEverywhere({ postings, impacts, weight }: QueryTerm, allowed: Uint8Array, scores: ScoreAccumulator): void {
    const { rows, length } = postings;
    for (let i = 0; i < length; i++) {
      const row = rows[i];
      if (allowed[this.rowOwners[row]] !== 0) scores.add(row, weight * impacts[i]);
    }
  }

  /** Adds the term's score to each row containing it that already scores at least `floor` (> 0). */
  private addWhereAtLeast({ postings, impacts, weight }: QueryTerm, floor: number, scores: ScoreAccumulator): void {
    const { rows, length } = postings;
    for (let i = 0; i < length; i++) {
      if (scores.score(rows[i]) >= floor) scores.raise(rows[i], weight * impacts[i]);
    }
  }

  /** Adds the term's score to each of `rows` (ascending) that contains it. */
  private addWhereAlready({ postings, impacts, weight }: QueryTerm, rows: Int32Array, scores: ScoreAccumulator): void {
    let at = 0;
    for (const row of rows) {
      at = postings.seek(row, at);
      if (at === postings.length) return;
      if (postings.rows[at] === row) scores.raise(row, weight * impacts[at]);
    }
  }

  /** How many live rows of the given owners contain the term, counting no further than `limit`. */
  documentFrequency(term: string, owners: Iterable<string>, limit = Infinity): number {
    const postings = this.postings.get(term);
    if (!postings) return 0;
    const allowed = this.allowedOwners(owners);
    let count = 0;
    for (let i = 0; i < postings.length && count < limit; i++) if (allowed[this.rowOwners[postings.rows[i]]] !== 0) count++;
    return count;
  }

  /** 1 for the code of each owner given (removed rows have code 0, never allowed). */
  private allowedOwners(owners: Iterable<string>): Uint8Array {
    const allowed = new Uint8Array(this.ownerCodes.size + 1);
    for (const owner of owners) {
      const code = this.ownerCodes.get(owner);
      if (code !== undefined) allowed[code] = 1;
    }
    return allowed;
  }

  clear(): void {
    this.postings.clear();
    this.rowOf.clear();
    this.ids = [];
    this.rowOwners = [];
    this.ownerCodes.clear();
    this.lengths = [];
    this.liveRows = 0;
    this.totalLength = 0;
  }

  snapshot(): Bm25Snapshot {
    if (this.liveRows < this.ids.length) this.compact();
    return {
      ids: this.ids as string[],
      owners: this.rowOwners.map((code) => this.ownerNames[code]),
      lengths: Int32Array.from(this.lengths),
      terms: [...this.postings].map(([term, postings]) => ({
        term,
        rows: postings.rows.slice(0, postings.length),
        frequencies: postings.frequencies.slice(0, postings.length),
      })),
    };
  }

  restore(snapshot: Bm25Snapshot): void {
    this.clear();
    this.ids = [...snapshot.ids];
    this.rowOwners = snapshot.owners.map((owner) => this.ownerCode(owner));
    this.lengths = Array.from(snapshot.lengths);
    this.ids.forEach((id, row) => this.rowOf.set(id!, row));
    this.liveRows = this.ids.length;
    this.totalLength = this.lengths.reduce((sum, length) => sum + length, 0);
    for (const { term, rows, frequencies } of snapshot.terms) this.postings.set(term, Postings.of(rows, frequencies));
  }

  /** How many of the postings are of live rows; counted once per removal, as rows added since are live. */
  private liveCount(postings: Postings): number {
    if (this.liveRows === this.ids.length) return postings.length;
    const counted = postings.liveCount;
    if (counted.removals !== this.removals) {
      counted.live = 0;
      for (let i = 0; i < postings.length; i++) if (this.rowOwners[postings.rows[i]] !== 0) counted.live++;
      counted.length = postings.length;
      counted.removals = this.removals;
    }
    return counted.live + postings.length - counted.length;
  }

  private ownerCode(owner: string): number {
    let code = this.ownerCodes.get(owner);
    if (code === undefined) {
      code = this.ownerCodes.size + 1;
      this.ownerCodes.set(owner, code);
      this.ownerNames[code] = owner;
    }
    return code;
  }

  private compact(): void {
    const newRow = new Int32Array(this.ids.length).fill(-1);
    const kept: number[] = [];
    this.ids.forEach((id, row) => {
      if (id === null) return;
      newRow[row] = kept.length;
      this.rowOf.set(id, kept.length);
      kept.push(row);
    });
    this.ids = kept.map((row) => this.ids[row]);
    this.rowOwners = kept.map((row) => this.rowOwners[row]);
    this.lengths = kept.map((row) => this.lengths[row]);
    for (const [term, postings] of this.postings) {
      postings.renumber(newRow);
      if (postings.length === 0) this.postings.delete(term);
    }
    this.liveRows = this.ids.length;
  }
}
