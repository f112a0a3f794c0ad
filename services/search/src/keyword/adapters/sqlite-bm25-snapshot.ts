import type Database from 'better-sqlite3';
import type { Bm25Snapshot } from '../bm25-postings.js';
import type { SpellingSnapshot } from '../spelling/spelling-vocabulary.js';

const bytes = (array: Int32Array | Uint32Array | Float32Array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength);
const copy = (blob: Buffer) => blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength);
const int32s = (blob: Buffer) => new Int32Array(copy(blob));
const uint32s = (blob: Buffer) => new Uint32Array(copy(blob));
const float32s = (blob: Buffer) => new Float32Array(copy(blob));

/** What the keyword index keeps in memory: the BM25 postings and the vocabulary typos are corrected from. */
export interface KeywordIndexSnapshot {
  postings: Bm25Snapshot;
  spellings: SpellingSnapshot;
}

/**
 * The in-memory BM25 postings and spelling vocabulary (with its deletion index) saved in the index
 * file, stamped with the chunk table's change counter, so a restart loads them in a fraction of the
 * time re-tokenizing every chunk takes.
 */
export class SqliteBm25Snapshot {
  constructor(private readonly db: Database.Database) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS bm25_snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL,
        ids TEXT NOT NULL, owners TEXT NOT NULL, lengths BLOB NOT NULL);
      CREATE TABLE IF NOT EXISTS bm25_snapshot_terms (term TEXT PRIMARY KEY, rows BLOB NOT NULL, frequencies BLOB NOT NULL);
      CREATE TABLE IF NOT EXISTS bm25_snapshot_spellings (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL,
        words TEXT NOT NULL, stems TEXT NOT NULL, deletion_hashes BLOB NOT NULL, deletion_words BLOB NOT NULL);
    `);
  }

  /** The snapshot saved at exactly this version of the chunk table, if there is one. */
  load(version: number): KeywordIndexSnapshot | null {
    const head = this.db.prepare('SELECT * FROM bm25_snapshot WHERE id = 1 AND version = ?').get(version) as
      | { ids: string; owners: string; lengths: Buffer }
      | undefined;
    const spellings = this.db.prepare('SELECT * FROM bm25_snapshot_spellings WHERE id = 1 AND version = ?').get(version) as
      | { words: string; stems: string; deletion_hashes: Buffer; deletion_words: Buffer }
      | undefined;
    if (!head || !spellings) return null;
    const rows = this.db.prepare('SELECT term, rows, frequencies FROM bm25_snapshot_terms').all() as { term: string; rows: Buffer; frequencies: Buffer }[];
    return {
      postings: {
        ids: JSON.parse(head.ids) as string[],
        owners: JSON.parse(head.owners) as string[],
        lengths: int32s(head.lengths),
        terms: rows.map((row) => ({ term: row.term, rows: int32s(row.rows), frequencies: float32s(row.frequencies) })),
      },
      spellings: {
        words: JSON.parse(spellings.words) as string[],
        stems: JSON.parse(spellings.stems) as string[],
        deletions: { hashes: uint32s(spellings.deletion_hashes), words: int32s(spellings.deletion_words) },
      },
    };
  }

  save({ postings, spellings }: KeywordIndexSnapshot, version: number): void {
    const insertTerm = this.db.prepare('INSERT INTO bm25_snapshot_terms (term, rows, frequencies) VALUES (?, ?, ?)');
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM bm25_snapshot').run();
      this.db.prepare('DELETE FROM bm25_snapshot_terms').run();
      this.db.prepare('DELETE FROM bm25_snapshot_spellings').run();
      for (const { term, rows, frequencies } of postings.terms) insertTerm.run(term, bytes(rows), bytes(frequencies));
      this.db
        .prepare('INSERT INTO bm25_snapshot (id, version, ids, owners, lengths) VALUES (1, ?, ?, ?, ?)')
        .run(version, JSON.stringify(postings.ids), JSON.stringify(postings.owners), bytes(postings.lengths));
      this.db
        .prepare('INSERT INTO bm25_snapshot_spellings (id, version, words, stems, deletion_hashes, deletion_words) VALUES (1, ?, ?, ?, ?, ?)')
        .run(version, JSON.stringify(spellings.words), JSON.stringify(spellings.stems), bytes(spellings.deletions.hashes), bytes(spellings.deletions.words));
    })();
  }
}
