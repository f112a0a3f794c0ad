import type { ScoredId } from '../chunks/chunk.js';
import { TopK } from '../vector/vector-math.js';

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

/** Everything a Bm25Postings holds, compacted, for persisting and restoring it. */
export interface Bm25Snapshot {
  ids: string[];
  owners: string[];
  lengths: Int32Array;
  terms: { term: string; rows: Int32Array; frequencies: Float32Array }[];
}

/** The rows containing one term, with the term's weighted frequency in each. */
class Postings {
  rows: Int32Array = new Int32Array(4);
  frequencies: Float32Array = new Float32Array(4);
  length = 0;

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
  private totalLength = 0;
  private scores = new Float64Array(0);

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
    this.totalLength -= this.lengths[row];
    const dead = this.ids.length - this.liveRows;
    if (dead >= COMPACT_MIN_DEAD && dead >= COMPACT_DEAD_SHARE * this.ids.length) this.compact();
    return true;
  }

  /** Live rows of the given owners containing any of the terms, best BM25 first. */
  search(terms: string[], owners: Iterable<string>, size: number): ScoredId[] {
    if (this.liveRows === 0 || size <= 0) return [];
    const allowed = new Uint8Array(this.ownerCodes.size + 1);
    for (const owner of owners) {
      const code = this.ownerCodes.get(owner);
      if (code !== undefined) allowed[code] = 1;
    }
    const lengthWeight = (BM25_K1 * BM25_B) / (this.totalLength / this.liveRows);
    const hasDeadRows = this.liveRows < this.ids.length;
    const scores = this.scratch();
    const touched: number[] = [];
    for (const term of terms) {
      const postings = this.postings.get(term);
      if (!postings) continue;
      const { rows, frequencies, length } = postings;
      const hits = hasDeadRows ? this.liveCount(postings) : length;
      if (hits === 0) continue;
      const idf = Math.max(1e-6, Math.log((this.liveRows - hits + 0.5) / (hits + 0.5)));
      for (let i = 0; i < length; i++) {
        const row = rows[i];
        if (allowed[this.rowOwners[row]] === 0) continue;
        const frequency = frequencies[i];
        const norm = BM25_K1 * (1 - BM25_B) + lengthWeight * this.lengths[row];
        if (scores[row] === 0) touched.push(row);
        scores[row] += (idf * frequency * (BM25_K1 + 1)) / (frequency + norm);
      }
    }
    const top = new TopK(size);
    for (const row of touched) {
      top.offer(this.ids[row]!, scores[row]);
      scores[row] = 0;
    }
    return top.result();
  }

  /** A zeroed score per row, reused between searches (each leaves it zeroed). */
  private scratch(): Float64Array {
    if (this.scores.length < this.ids.length) this.scores = new Float64Array(Math.max(1024, this.ids.length * 2));
    return this.scores;
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

  private liveCount(postings: Postings): number {
    let live = 0;
    for (let i = 0; i < postings.length; i++) if (this.rowOwners[postings.rows[i]] !== 0) live++;
    return live;
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
    for (const [term, postings] of this.postings) {
      postings.renumber(newRow);
      if (postings.length === 0) this.postings.delete(term);
    }
    this.ids = kept.map((row) => this.ids[row]);
    this.rowOwners = kept.map((row) => this.rowOwners[row]);
    this.lengths = kept.map((row) => this.lengths[row]);
    this.liveRows = this.ids.length;
  }
}
