import type Database from 'better-sqlite3';
import type { Bm25Snapshot } from '../bm25-postings.js';

const bytes = (array: Int32Array | Float32Array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength);
const int32s = (blob: Buffer) => new Int32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));
const float32s = (blob: Buffer) => new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));

/**
 * The in-memory BM25 postings saved in the index file, stamped with the chunk table's change counter,
 * so a restart loads them in a fraction of the time re-tokenizing every chunk takes.
 */
export class SqliteBm25Snapshot {
  constructor(private readonly db: Database.Database) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS bm25_snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL,
        ids TEXT NOT NULL, owners TEXT NOT NULL, lengths BLOB NOT NULL);
      CREATE TABLE IF NOT EXISTS bm25_snapshot_terms (term TEXT PRIMARY KEY, rows BLOB NOT NULL, frequencies BLOB NOT NULL);
    `);
  }

  /** The snapshot saved at exactly this version of the chunk table, if there is one. */
  load(version: number): Bm25Snapshot | null {
    const head = this.db.prepare('SELECT * FROM bm25_snapshot WHERE id = 1 AND version = ?').get(version) as
      | { ids: string; owners: string; lengths: Buffer }
      | undefined;
    if (!head) return null;
    const rows = this.db.prepare('SELECT term, rows, frequencies FROM bm25_snapshot_terms').all() as { term: string; rows: Buffer; frequencies: Buffer }[];
    return {
      ids: JSON.parse(head.ids) as string[],
      owners: JSON.parse(head.owners) as string[],
      lengths: int32s(head.lengths),
      terms: rows.map((row) => ({ term: row.term, rows: int32s(row.rows), frequencies: float32s(row.frequencies) })),
    };
  }

  save(snapshot: Bm25Snapshot, version: number): void {
    const insertTerm = this.db.prepare('INSERT INTO bm25_snapshot_terms (term, rows, frequencies) VALUES (?, ?, ?)');
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM bm25_snapshot').run();
      this.db.prepare('DELETE FROM bm25_snapshot_terms').run();
      for (const { term, rows, frequencies } of snapshot.terms) insertTerm.run(term, bytes(rows), bytes(frequencies));
      this.db
        .prepare('INSERT INTO bm25_snapshot (id, version, ids, owners, lengths) VALUES (1, ?, ?, ?, ?)')
        .run(version, JSON.stringify(snapshot.ids), JSON.stringify(snapshot.owners), bytes(snapshot.lengths));
    })();
  }
}
