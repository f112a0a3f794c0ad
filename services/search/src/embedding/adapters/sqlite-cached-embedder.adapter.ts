import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Embedder } from '../embedder.port.js';

/** Keys per SELECT: well under SQLite's limit of bound parameters. */
const LOOKUP_BATCH = 500;

/** The cache key of a text under one model: a vector is reused only for the same model and the same text. */
export function embeddingCacheKey(modelId: string, text: string): string {
  return createHash('sha256').update(modelId).update('\0').update(text).digest('base64url');
}

/**
 * Document vectors cached in a SQLite file by the SHA-256 of model id and text, in front of any embedder:
 * a text embedded once (at build, at an earlier start, by an earlier benchmark) is never embedded again.
 * Queries pass straight through.
 */
export class SqliteCachedEmbedder implements Embedder {
  readonly modelId: string;
  readonly dimensions: number;
  private readonly db: Database.Database;
  private readonly insert: Database.Statement<[string, Buffer]>;

  constructor(
    private readonly inner: Embedder,
    file: string,
  ) {
    this.modelId = inner.modelId;
    this.dimensions = inner.dimensions;
    mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.exec('CREATE TABLE IF NOT EXISTS embeddings (key TEXT PRIMARY KEY, vector BLOB NOT NULL) WITHOUT ROWID');
    this.insert = this.db.prepare('INSERT OR REPLACE INTO embeddings (key, vector) VALUES (?, ?)');
  }

  embedQuery(text: string): Promise<Float32Array> {
    return this.inner.embedQuery(text);
  }

  queryCoverage(text: string): number {
    return this.inner.queryCoverage?.(text) ?? 1;
  }

  async embedDocuments(texts: string[]): Promise<Float32Array[]> {
    const keys = texts.map((text) => embeddingCacheKey(this.modelId, text));
    const cached = this.lookup(keys);
    const missing = [...new Set(texts.filter((_, i) => !cached.has(keys[i])))];
    if (missing.length > 0) {
      const vectors = await this.inner.embedDocuments(missing);
      const store = this.db.transaction(() => {
        missing.forEach((text, i) => {
          const key = embeddingCacheKey(this.modelId, text);
          cached.set(key, vectors[i]);
          this.insert.run(key, Buffer.from(vectors[i].buffer, vectors[i].byteOffset, vectors[i].byteLength));
        });
      });
      store();
    }
    return keys.map((key) => Float32Array.from(cached.get(key)!));
  }

  /** How many vectors the cache holds. */
  size(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM embeddings').get() as { n: number }).n;
  }

  close(): void {
    this.db.close();
  }

  private lookup(keys: string[]): Map<string, Float32Array> {
    const found = new Map<string, Float32Array>();
    for (let start = 0; start < keys.length; start += LOOKUP_BATCH) {
      const batch = [...new Set(keys.slice(start, start + LOOKUP_BATCH))];
      const rows = this.db
        .prepare(`SELECT key, vector FROM embeddings WHERE key IN (${batch.map(() => '?').join(',')})`)
        .all(...batch) as { key: string; vector: Buffer }[];
      for (const row of rows) {
        if (row.vector.byteLength === this.dimensions * 4) found.set(row.key, new Float32Array(row.vector.buffer.slice(row.vector.byteOffset, row.vector.byteOffset + row.vector.byteLength)));
      }
    }
    return found;
  }
}
