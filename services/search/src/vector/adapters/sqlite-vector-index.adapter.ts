import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ChunkSource, DocumentFilter, ScoredId } from '../../chunks/chunk.js';
import { documentFilterSql } from '../../chunks/document-filter-sql.js';
import { TableChangeCounter } from '../../chunks/table-change-counter.js';
import { TopK } from '../vector-math.js';
import type { VectorIndex, VectorQuery, VectorRecord } from '../vector-index.port.js';
import { OwnerShard, type ShardEntry } from './owner-shard.js';

interface VectorRow {
  id: string;
  owner: string;
  document_id: string;
  source: ChunkSource;
  vector: Buffer;
}

const matches = (filter: Partial<DocumentFilter>) => (entry: ShardEntry) =>
  (filter.documentId === undefined || entry.documentId === filter.documentId) &&
  (filter.source === undefined || entry.source === filter.source);

/** The embedding model an index holds vectors of: vectors of two models are never compared. */
export interface VectorModel {
  id: string;
  dimensions: number;
}

/**
 * Vectors persisted in SQLite and searched in memory by exact cosine (vectors are normalised, so a dot
 * product), one shard per owner; large shards narrow candidates with sign-bit sketches first.
 */
export class SqliteVectorIndex implements VectorIndex {
  private readonly db: Database.Database;
  private readonly shards = new Map<string, OwnerShard>();
  private readonly changes: TableChangeCounter;

  /** With a model, vectors of any other model in the file are deleted on opening, and the model recorded. */
  constructor(file: string, model?: VectorModel) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // Deleted rows are overwritten, not left in free pages: erasing an account leaves nothing readable in the file.
    this.db.pragma('secure_delete = ON');
    this.db.exec(`CREATE TABLE IF NOT EXISTS chunk_vectors (
      id TEXT PRIMARY KEY, owner TEXT NOT NULL, document_id TEXT NOT NULL, source TEXT NOT NULL, vector BLOB NOT NULL)`);
    this.db.exec('CREATE INDEX IF NOT EXISTS chunk_vectors_owner ON chunk_vectors (owner, document_id)');
    this.db.exec('CREATE TABLE IF NOT EXISTS vector_model (key INTEGER PRIMARY KEY CHECK (key = 1), model_id TEXT NOT NULL)');
    if (model) this.bindModel(model);
    this.changes = new TableChangeCounter(this.db, 'chunk_vectors');
    this.load();
  }

  /**
   * An index written before models were recorded keeps its vectors when they have the model's size (or
   * when the model's size is not known before its first vector).
   */
  private bindModel({ id, dimensions }: VectorModel): void {
    const recorded = this.db.prepare('SELECT model_id FROM vector_model').pluck().get() as string | undefined;
    if (recorded === id) return;
    const storedBytes = this.db.prepare('SELECT length(vector) FROM chunk_vectors LIMIT 1').pluck().get() as number | undefined;
    const keep = recorded === undefined && (storedBytes === undefined || dimensions === 0 || storedBytes === dimensions * Float32Array.BYTES_PER_ELEMENT);
    this.db.transaction(() => {
      if (!keep) this.db.exec('DELETE FROM chunk_vectors');
      this.db.prepare('INSERT OR REPLACE INTO vector_model (key, model_id) VALUES (1, ?)').run(id);
    })();
  }

  private load(): void {
    this.shards.clear();
    // Blobs need not be 4-byte aligned; one reused buffer is, and the shard copies each vector out of it.
    let aligned = new Uint8Array(0);
    for (const row of this.db.prepare('SELECT * FROM chunk_vectors').iterate() as IterableIterator<VectorRow>) {
      if (aligned.length < row.vector.length) aligned = new Uint8Array(row.vector.length);
      aligned.set(row.vector);
      const vector = new Float32Array(aligned.buffer, 0, row.vector.length / 4);
      this.shard(row.owner, vector.length).put({ id: row.id, documentId: row.document_id, source: row.source }, vector);
    }
    this.changes.markSeen();
  }

  /** Another process (the ingest CLI) may have written vectors; reload them when it did. */
  private reloadIfChangedElsewhere(): void {
    if (this.changes.changedElsewhere()) this.load();
  }

  private shard(owner: string, dims: number): OwnerShard {
    let shard = this.shards.get(owner);
    if (!shard || (shard.size === 0 && shard.dims !== dims)) {
      shard = new OwnerShard(dims);
      this.shards.set(owner, shard);
    }
    return shard;
  }

  async upsert(records: VectorRecord[]): Promise<void> {
    this.reloadIfChangedElsewhere();
    const insert = this.db.prepare(
      'INSERT OR REPLACE INTO chunk_vectors (id, owner, document_id, source, vector) VALUES (?, ?, ?, ?, ?)',
    );
    const removeElsewhere = this.db.prepare('DELETE FROM chunk_vectors WHERE id = ? AND owner <> ?');
    this.db.transaction(() => {
      for (const record of records) {
        removeElsewhere.run(record.id, record.owner);
        insert.run(record.id, record.owner, record.documentId, record.source, Buffer.from(record.vector.buffer, record.vector.byteOffset, record.vector.byteLength));
      }
    })();
    this.changes.markSeen();
    for (const record of records) {
      for (const [owner, shard] of this.shards) {
        if (owner !== record.owner && shard.has(record.id)) shard.removeWhere((entry) => entry.id === record.id);
      }
      this.shard(record.owner, record.vector.length).put(
        { id: record.id, documentId: record.documentId, source: record.source },
        record.vector,
      );
    }
  }

  async deleteDocuments(filter: DocumentFilter): Promise<number> {
    this.reloadIfChangedElsewhere();
    const { sql, params } = documentFilterSql(filter);
    this.db.prepare(`DELETE FROM chunk_vectors${sql}`).run(...params);
    this.changes.markSeen();
    return this.shards.get(filter.owner)?.removeWhere(matches(filter)) ?? 0;
  }

  async search(query: VectorQuery): Promise<ScoredId[]> {
    this.reloadIfChangedElsewhere();
    const top = new TopK(query.size);
    for (const owner of new Set(query.owners)) {
      const shard = this.shards.get(owner);
      if (shard && shard.dims === query.vector.length) shard.search(query.vector, query.size, top);
    }
    return top.result();
  }

  async count(filter: Partial<DocumentFilter> = {}): Promise<number> {
    const shards = filter.owner !== undefined ? [this.shards.get(filter.owner)] : [...this.shards.values()];
    return shards.reduce((total, shard) => total + (shard?.entriesWhere(matches(filter)).length ?? 0), 0);
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
