import type { ChunkSource } from '../../chunks/chunk.js';
import { dotRow, popcount, signBits, TopK } from '../vector-math.js';

/** Above this many vectors a shard is searched by sign-bit sketch first, then exactly on the best candidates. */
export const EXACT_SEARCH_LIMIT = 5000;
export const SKETCH_CANDIDATES = 600;

export interface ShardEntry {
  id: string;
  documentId: string;
  source: ChunkSource;
}

/** All vectors of one owner in a packed matrix, with sign-bit sketches for large shards. */
export class OwnerShard {
  private entries: ShardEntry[] = [];
  private readonly rowOf = new Map<string, number>();
  private matrix: Float32Array;
  private sketches: Uint32Array;
  private readonly words: number;

  constructor(readonly dims: number) {
    this.words = Math.ceil(dims / 32);
    this.matrix = new Float32Array(64 * dims);
    this.sketches = new Uint32Array(64 * this.words);
  }

  get size(): number {
    return this.entries.length;
  }

  has(id: string): boolean {
    return this.rowOf.has(id);
  }

  put(entry: ShardEntry, vector: Float32Array): void {
    if (vector.length !== this.dims) throw new Error(`vector has ${vector.length} dimensions, index has ${this.dims}`);
    let row = this.rowOf.get(entry.id);
    if (row === undefined) {
      row = this.entries.length;
      this.grow(row + 1);
      this.entries.push(entry);
      this.rowOf.set(entry.id, row);
    } else {
      this.entries[row] = entry;
    }
    this.matrix.set(vector, row * this.dims);
    this.sketches.fill(0, row * this.words, (row + 1) * this.words);
    signBits(vector, this.sketches, row * this.words);
  }

  /** Removes every entry `remove` selects; returns how many. */
  removeWhere(remove: (entry: ShardEntry) => boolean): number {
    const keep = this.entries.map((entry, row) => ({ entry, row })).filter(({ entry }) => !remove(entry));
    const removed = this.entries.length - keep.length;
    if (removed === 0) return 0;
    const matrix = new Float32Array(Math.max(64, keep.length) * this.dims);
    const sketches = new Uint32Array(Math.max(64, keep.length) * this.words);
    this.rowOf.clear();
    keep.forEach(({ entry, row }, index) => {
      matrix.set(this.matrix.subarray(row * this.dims, (row + 1) * this.dims), index * this.dims);
      sketches.set(this.sketches.subarray(row * this.words, (row + 1) * this.words), index * this.words);
      this.rowOf.set(entry.id, index);
    });
    this.entries = keep.map(({ entry }) => entry);
    this.matrix = matrix;
    this.sketches = sketches;
    return removed;
  }

  entriesWhere(select: (entry: ShardEntry) => boolean): ShardEntry[] {
    return this.entries.filter(select);
  }

  search(query: Float32Array, size: number, top: TopK = new TopK(size)): TopK {
    const rows = this.entries.length > EXACT_SEARCH_LIMIT ? this.sketchCandidates(query, Math.max(SKETCH_CANDIDATES, size * 20)) : null;
    if (rows) {
      for (const row of rows) top.offer(this.entries[row].id, dotRow(this.matrix, row, query, this.dims));
    } else {
      for (let row = 0; row < this.entries.length; row++) {
        top.offer(this.entries[row].id, dotRow(this.matrix, row, query, this.dims));
      }
    }
    return top;
  }

  private sketchCandidates(query: Float32Array, wanted: number): number[] {
    const querySketch = signBits(query);
    const distances = new Uint16Array(this.entries.length);
    const histogram = new Uint32Array(this.dims + 1);
    for (let row = 0; row < this.entries.length; row++) {
      let distance = 0;
      const offset = row * this.words;
      for (let w = 0; w < this.words; w++) distance += popcount(this.sketches[offset + w] ^ querySketch[w]);
      distances[row] = distance;
      histogram[distance]++;
    }
    let cutoff = 0;
    for (let seen = 0; cutoff <= this.dims && seen + histogram[cutoff] < wanted; cutoff++) seen += histogram[cutoff];
    const rows: number[] = [];
    for (let row = 0; row < distances.length; row++) if (distances[row] <= cutoff) rows.push(row);
    return rows;
  }

  private grow(rows: number): void {
    const capacity = this.matrix.length / this.dims;
    if (rows <= capacity) return;
    const next = Math.max(rows, capacity * 2);
    const matrix = new Float32Array(next * this.dims);
    matrix.set(this.matrix);
    this.matrix = matrix;
    const sketches = new Uint32Array(next * this.words);
    sketches.set(this.sketches);
    this.sketches = sketches;
  }
}
