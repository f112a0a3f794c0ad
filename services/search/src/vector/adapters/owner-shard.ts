import type { ChunkSource } from '../../chunks/chunk.js';
import { VectorTable } from '../vector-table.js';
import { TopK } from '../vector-math.js';

/** Above this many vectors a shard is searched by sign-bit sketch first, then exactly on the best candidates. */
export const EXACT_SEARCH_LIMIT = 5000;
export const SKETCH_CANDIDATES = 600;

export interface ShardEntry {
  id: string;
  documentId: string;
  source: ChunkSource;
}

/** All vectors of one owner in a VectorTable, with the entry each row holds. */
export class OwnerShard {
  private entries: ShardEntry[] = [];
  private readonly rowOf = new Map<string, number>();
  private readonly table: VectorTable;
  private everyRow = new Int32Array(0);

  constructor(readonly dims: number) {
    this.table = new VectorTable(dims, 64);
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
      this.table.ensureCapacity(row + 1);
      this.entries.push(entry);
      this.rowOf.set(entry.id, row);
    } else {
      this.entries[row] = entry;
    }
    this.table.set(row, vector);
  }

  /** Removes every entry `remove` selects; returns how many. */
  removeWhere(remove: (entry: ShardEntry) => boolean): number {
    const keep = this.entries.map((entry, row) => ({ entry, row })).filter(({ entry }) => !remove(entry));
    const removed = this.entries.length - keep.length;
    if (removed === 0) return 0;
    this.rowOf.clear();
    keep.forEach(({ entry, row }, index) => {
      this.table.copy(row, index);
      this.rowOf.set(entry.id, index);
    });
    this.entries = keep.map(({ entry }) => entry);
    return removed;
  }

  entriesWhere(select: (entry: ShardEntry) => boolean): ShardEntry[] {
    return this.entries.filter(select);
  }

  search(query: Float32Array, size: number, top: TopK = new TopK(size)): TopK {
    const rows =
      this.entries.length > EXACT_SEARCH_LIMIT ? this.sketchCandidates(query, Math.max(SKETCH_CANDIDATES, size * 20)) : this.allRows();
    const scores = this.table.dots(query, rows);
    for (let i = 0; i < rows.length; i++) top.offer(this.entries[rows[i]].id, scores[i]);
    return top;
  }

  private allRows(): Int32Array {
    if (this.everyRow.length < this.entries.length) this.everyRow = Int32Array.from({ length: this.entries.length * 2 }, (_, row) => row);
    return this.everyRow.subarray(0, this.entries.length);
  }

  private sketchCandidates(query: Float32Array, wanted: number): Int32Array {
    return this.table.nearestBySketch(query, this.entries.length, wanted);
  }
}
