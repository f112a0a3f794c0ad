import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DocumentFilter, IndexedChunk, ScoredId } from '../../chunks/chunk.js';
import type { KeywordIndex, KeywordQuery } from '../keyword-index.port.js';
import { documentFilterSql } from '../../chunks/document-filter-sql.js';

/** BM25 column weights: title, disease and topics, section heading, body. */
export const COLUMN_WEIGHTS = { title: 2, disease: 2, section: 1, body: 1 };

/**
 * In a large index, FTS5 computes BM25 for every row any query term matches, so common terms (in more
 * than 2% of chunks) are left out of the match, and at most 8 terms are kept, the rarest first; the
 * rarest term always stays. Small indexes match every term.
 */
export const COMMON_TERM_SHARE = 0.02;
export const MAX_TERMS_IN_LARGE_INDEX = 8;
export const PRUNE_COMMON_TERMS_FROM = 20_000;

const TEXT_COLUMNS = '{title disease section body}';

/** An owner as one FTS token, so the owner filter is part of the full-text match. */
export function ownerToken(owner: string): string {
  return owner === 'global' ? 'global' : `u${createHash('sha256').update(owner).digest('hex').slice(0, 24)}`;
}

const quote = (term: string) => `"${term.replaceAll('"', '""')}"`;


/** SQLite FTS5 with Porter stemming; chunk metadata in a plain table sharing the FTS rowid. */
export class SqliteKeywordIndex implements KeywordIndex {
  private readonly db: Database.Database;
  private readonly searchStatement: Database.Statement;
  private readonly getStatements = new Map<number, Database.Statement>();
  private readonly termCount: Database.Statement;
  private readonly chunkCount: Database.Statement;
  private readonly dataVersion: Database.Statement;
  private statistics: { version: number; chunks: number; documentFrequency: Map<string, number> } | null = null;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS chunks (
        rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, document_id TEXT NOT NULL, owner TEXT NOT NULL,
        source TEXT NOT NULL, data TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS chunks_owner_document ON chunks (owner, document_id);
      CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(
        owner, title, disease, section, body, tokenize = 'porter unicode61 remove_diacritics 2');
    `);
    const { title, disease, section, body } = COLUMN_WEIGHTS;
    this.searchStatement = this.db.prepare(`SELECT c.id AS id, ranked.score AS score FROM (
        SELECT rowid, -bm25(chunks_fts, 0, ${title}, ${disease}, ${section}, ${body}) AS score
        FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY score DESC LIMIT ?
      ) ranked JOIN chunks c ON c.rowid = ranked.rowid ORDER BY ranked.score DESC`);
    this.termCount = this.db.prepare('SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?').pluck();
    this.chunkCount = this.db.prepare('SELECT count(*) FROM chunks').pluck();
    this.dataVersion = this.db.prepare('PRAGMA data_version').pluck();
  }

  async upsert(chunks: IndexedChunk[]): Promise<void> {
    const removeFts = this.db.prepare('DELETE FROM chunks_fts WHERE rowid = (SELECT rowid FROM chunks WHERE id = ?)');
    const removeChunk = this.db.prepare('DELETE FROM chunks WHERE id = ?');
    const insertChunk = this.db.prepare(
      'INSERT INTO chunks (id, document_id, owner, source, data) VALUES (?, ?, ?, ?, ?)',
    );
    const insertFts = this.db.prepare(
      'INSERT INTO chunks_fts (rowid, owner, title, disease, section, body) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.statistics = null;
    this.db.transaction(() => {
      for (const chunk of chunks) {
        removeFts.run(chunk.id);
        removeChunk.run(chunk.id);
        const { lastInsertRowid } = insertChunk.run(chunk.id, chunk.documentId, chunk.owner, chunk.source, JSON.stringify(chunk));
        insertFts.run(
          lastInsertRowid,
          ownerToken(chunk.owner),
          chunk.title,
          [chunk.disease, ...chunk.topics].join(' '),
          chunk.section,
          chunk.body,
        );
      }
    })();
  }

  async deleteDocuments(filter: DocumentFilter): Promise<number> {
    const { sql, params } = documentFilterSql(filter);
    this.statistics = null;
    return this.db.transaction(() => {
      this.db.prepare(`DELETE FROM chunks_fts WHERE rowid IN (SELECT rowid FROM chunks${sql})`).run(...params);
      return this.db.prepare(`DELETE FROM chunks${sql}`).run(...params).changes;
    })();
  }

  async search(query: KeywordQuery): Promise<ScoredId[]> {
    if (query.terms.length === 0 || query.owners.length === 0) return [];
    const owners = query.owners.map((owner) => quote(ownerToken(owner))).join(' OR ');
    const terms = this.selectiveTerms(query.terms).map(quote).join(' OR ');
    const match = `owner : (${owners}) AND ${TEXT_COLUMNS} : (${terms})`;
    return this.searchStatement.all(match, query.size) as ScoredId[];
  }

  /** All terms in a small index; in a large one, the terms rarer than COMMON_TERM_SHARE, and always the rarest. */
  private selectiveTerms(terms: string[]): string[] {
    const statistics = this.currentStatistics();
    if (statistics.chunks < PRUNE_COMMON_TERMS_FROM) return terms;
    const frequency = (term: string) => {
      let count = statistics.documentFrequency.get(term);
      if (count === undefined) {
        count = this.termCount.get(`${TEXT_COLUMNS} : ${quote(term)}`) as number;
        statistics.documentFrequency.set(term, count);
      }
      return count;
    };
    const present = terms.filter((term) => frequency(term) > 0).sort((a, b) => frequency(a) - frequency(b));
    if (present.length === 0) return terms;
    return present.filter(
      (term, index) => index === 0 || (index < MAX_TERMS_IN_LARGE_INDEX && frequency(term) <= COMMON_TERM_SHARE * statistics.chunks),
    );
  }

  /** Index size and term frequencies, recounted whenever any connection has written to the index. */
  private currentStatistics() {
    const version = this.dataVersion.get() as number;
    if (!this.statistics || this.statistics.version !== version) {
      this.statistics = { version, chunks: this.chunkCount.get() as number, documentFrequency: new Map() };
    }
    return this.statistics;
  }

  async get(ids: string[]): Promise<IndexedChunk[]> {
    if (ids.length === 0) return [];
    let statement = this.getStatements.get(ids.length);
    if (!statement) {
      statement = this.db.prepare(`SELECT data FROM chunks WHERE id IN (${ids.map(() => '?').join(',')})`);
      this.getStatements.set(ids.length, statement);
    }
    const rows = statement.all(...ids) as { data: string }[];
    const byId = new Map(rows.map((row) => {
      const chunk = JSON.parse(row.data) as IndexedChunk;
      return [chunk.id, chunk];
    }));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async count(filter: Partial<DocumentFilter> = {}): Promise<number> {
    const { sql, params } = documentFilterSql(filter);
    return (this.db.prepare(`SELECT COUNT(*) AS n FROM chunks${sql}`).get(...params) as { n: number }).n;
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
