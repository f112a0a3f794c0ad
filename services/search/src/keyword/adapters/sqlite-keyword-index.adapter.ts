import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { GLOBAL_OWNER, type DocumentFilter, type IndexedChunk, type ScoredId } from '../../chunks/chunk.js';
import { COLUMN_WEIGHTS, diseaseField, type KeywordIndex, type KeywordQuery, type ScanPage } from '../keyword-index.port.js';
import { wholeDocumentPage } from '../whole-documents.js';
import { documentFilterSql } from '../../chunks/document-filter-sql.js';
import { TableChangeCounter } from '../../chunks/table-change-counter.js';
import { Bm25Postings, type Bm25Document } from '../bm25-postings.js';
import { fts5Stem, fts5Tokens, fts5Words } from '../fts5-tokens.js';
import { SpellingVocabulary, type Correction } from '../spelling/spelling-vocabulary.js';
import { ONE_EDIT_FROM } from '../spelling/edit-distance.js';
import { SqliteBm25Snapshot } from './sqlite-bm25-snapshot.js';

const TEXT_COLUMNS = '{title disease section body}';

/** An owner as one FTS token, so the owner filter is part of the full-text match. */
export function ownerToken(owner: string): string {
  return owner === GLOBAL_OWNER ? GLOBAL_OWNER : `u${createHash('sha256').update(owner).digest('hex').slice(0, 24)}`;
}

const quote = (term: string) => `"${term.replaceAll('"', '""')}"`;
const RECENT_CHUNKS = 4096;
const { title: TITLE, disease: DISEASE, section: SECTION, body: BODY } = COLUMN_WEIGHTS;


/**
 * SQLite FTS5 with Porter stemming stores and tokenizes the chunks, with their metadata in a plain table
 * sharing the FTS rowid. Searches rank with FTS5's bm25 over an in-memory copy of its postings, reloaded
 * when another process (the ingest CLI) writes, and saved in the file so that a restart need not rebuild it.
 */
export class SqliteKeywordIndex implements KeywordIndex {
  private readonly db: Database.Database;
  private readonly fts5SearchStatement: Database.Statement;
  private readonly getStatements = new Map<number, Database.Statement>();
  private readonly changes: TableChangeCounter;
  private readonly postings = new Bm25Postings([0, TITLE, DISEASE, SECTION, BODY]);
  private readonly spellings = new SpellingVocabulary();
  private readonly snapshots: SqliteBm25Snapshot | null;
  private unsavedWrites = false;
  /** Recently read chunks, parsed; emptied on every write and reload. */
  private readonly recent = new Map<string, IndexedChunk>();

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // Deleted rows are overwritten, not left in free pages: erasing an account leaves nothing readable in the file.
    this.db.pragma('secure_delete = ON');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS chunks (
        rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, document_id TEXT NOT NULL, owner TEXT NOT NULL,
        source TEXT NOT NULL, data TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS chunks_owner_document ON chunks (owner, document_id);
      CREATE INDEX IF NOT EXISTS chunks_document ON chunks (document_id, id);
      CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(
        owner, title, disease, section, body, tokenize = 'porter unicode61 remove_diacritics 2');
    `);
    this.fts5SearchStatement = this.db.prepare(`SELECT c.id AS id, ranked.score AS score FROM (
        SELECT rowid, -bm25(chunks_fts, 0, ${TITLE}, ${DISEASE}, ${SECTION}, ${BODY}) AS score
        FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY score DESC LIMIT ?
      ) ranked JOIN chunks c ON c.rowid = ranked.rowid ORDER BY ranked.score DESC`);
    this.changes = new TableChangeCounter(this.db, 'chunks');
    this.snapshots = file === ':memory:' ? null : new SqliteBm25Snapshot(this.db);
    this.loadPostingsIfChangedElsewhere();
  }

  private loadPostingsIfChangedElsewhere(): void {
    if (!this.changes.changedElsewhere()) return;
    const rebuilt = this.db.transaction(() => {
      this.changes.markSeen();
      const snapshot = this.snapshots?.load(this.changes.seenVersion);
      if (snapshot) {
        this.postings.restore(snapshot.postings);
        this.spellings.restore(snapshot.spellings);
        return false;
      }
      this.postings.clear();
      this.spellings.clear();
      for (const row of this.db.prepare('SELECT data FROM chunks ORDER BY rowid').pluck().iterate() as IterableIterator<string>) {
        this.postings.put(this.bm25Document(JSON.parse(row) as IndexedChunk));
      }
      return true;
    })();
    this.unsavedWrites = false;
    this.recent.clear();
    if (rebuilt) this.saveSnapshot();
  }

  /** Saves the postings unless another process has changed the chunks since this one last read them. */
  private saveSnapshot(): void {
    if (!this.snapshots || this.postings.size === 0 || this.changes.changedElsewhere()) return;
    this.snapshots.save({ postings: this.postings.snapshot(), spellings: this.spellings.snapshot() }, this.changes.seenVersion);
    this.unsavedWrites = false;
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
    this.loadPostingsIfChangedElsewhere();
    this.db.transaction(() => {
      for (const chunk of chunks) {
        removeFts.run(chunk.id);
        removeChunk.run(chunk.id);
        const { lastInsertRowid } = insertChunk.run(chunk.id, chunk.documentId, chunk.owner, chunk.source, JSON.stringify(chunk));
        insertFts.run(
          lastInsertRowid,
          ownerToken(chunk.owner),
          chunk.title,
          diseaseField(chunk),
          chunk.section,
          chunk.body,
        );
      }
      this.changes.markSeen();
    })();
    for (const chunk of chunks) this.postings.put(this.bm25Document(chunk));
    this.unsavedWrites = true;
    this.recent.clear();
  }

  async deleteDocuments(filter: DocumentFilter): Promise<number> {
    this.loadPostingsIfChangedElsewhere();
    const { sql, params } = documentFilterSql(filter);
    const ids = this.db.transaction(() => {
      const deleted = this.db.prepare(`SELECT id FROM chunks${sql}`).pluck().all(...params) as string[];
      this.db.prepare(`DELETE FROM chunks_fts WHERE rowid IN (SELECT rowid FROM chunks${sql})`).run(...params);
      this.db.prepare(`DELETE FROM chunks${sql}`).run(...params);
      this.changes.markSeen();
      return deleted;
    })();
    for (const id of ids) this.postings.remove(id);
    this.unsavedWrites ||= ids.length > 0;
    this.recent.clear();
    return ids.length;
  }

  /**
   * A chunk as FTS5 tokenizes it: owner token (weight 0), title, disease and topics, section, body;
   * the words of the text columns join the spelling vocabulary.
   */
  private bm25Document(chunk: IndexedChunk): Bm25Document {
    const texts = [chunk.title, diseaseField(chunk), chunk.section, chunk.body];
    const columns = texts.map((text) => {
      const words = fts5Words(text);
      const stems = words.map(fts5Stem);
      words.forEach((word, i) => this.spellings.add(word, stems[i]));
      return stems;
    });
    return { id: chunk.id, owner: chunk.owner, columns: [fts5Tokens(ownerToken(chunk.owner)), ...columns] };
  }

  async search(query: KeywordQuery): Promise<ScoredId[]> {
    if (query.terms.length === 0 || query.owners.length === 0) return [];
    this.loadPostingsIfChangedElsewhere();
    const weights = new Map<string, number>();
    const add = (stem: string, weight: number) => weights.set(stem, (weights.get(stem) ?? 0) + weight);
    for (const word of query.terms.flatMap(fts5Words)) {
      add(fts5Stem(word), 1);
      if (query.typoTolerance) for (const correction of this.correctionsOf(word, query.owners)) add(correction.stem, correction.weight);
    }
    const asked = new Set(weights.keys());
    for (const alternative of query.alternatives ?? []) {
      for (const word of fts5Words(alternative.text)) if (!asked.has(fts5Stem(word))) add(fts5Stem(word), alternative.weight);
    }
    return this.postings.searchWeighted(weights, query.owners, query.size);
  }

  async corrections(words: string[], owners: string[]): Promise<Record<string, string>> {
    this.loadPostingsIfChangedElsewhere();
    const corrected: Record<string, string> = {};
    for (const word of words) {
      const folded = fts5Words(word);
      const best = folded.length === 1 ? this.correctionsOf(folded[0], owners).find((candidate) => candidate.word.length >= ONE_EDIT_FROM) : undefined;
      if (best) corrected[word] = best.word;
    }
    return corrected;
  }

  /** Corrections from the words of chunks these owners may see only: another user's words are never suggested. */
  private correctionsOf(word: string, owners: string[]): Correction[] {
    return this.spellings.corrections(word, fts5Stem(word), (stem, limit) => this.postings.documentFrequency(stem, owners, limit));
  }

  /** The same ranking computed by FTS5's own bm25(): the reference the in-memory ranking is checked against. */
  fts5Search(query: KeywordQuery): ScoredId[] {
    if (query.terms.length === 0 || query.owners.length === 0) return [];
    const owners = query.owners.map((owner) => quote(ownerToken(owner))).join(' OR ');
    const match = `owner : (${owners}) AND ${TEXT_COLUMNS} : (${query.terms.map(quote).join(' OR ')})`;
    return this.fts5SearchStatement.all(match, query.size) as ScoredId[];
  }

  async get(ids: string[]): Promise<IndexedChunk[]> {
    if (ids.length === 0) return [];
    this.loadPostingsIfChangedElsewhere();
    const missing = [...new Set(ids.filter((id) => !this.recent.has(id)))];
    if (missing.length > 0) {
      let statement = this.getStatements.get(missing.length);
      if (!statement) {
        statement = this.db.prepare(`SELECT data FROM chunks WHERE id IN (${missing.map(() => '?').join(',')})`).pluck();
        this.getStatements.set(missing.length, statement);
      }
      if (this.recent.size + missing.length > RECENT_CHUNKS) this.recent.clear();
      for (const data of statement.all(...missing) as string[]) {
        const chunk = JSON.parse(data) as IndexedChunk;
        this.recent.set(chunk.id, chunk);
      }
    }
    return ids.flatMap((id) => this.recent.get(id) ?? []);
  }

  async scan(afterDocumentId: string | null, limit: number): Promise<ScanPage> {
    const rows = (afterDocumentId === null
      ? this.db.prepare('SELECT data FROM chunks ORDER BY document_id, id LIMIT ?').pluck().all(limit)
      : this.db.prepare('SELECT data FROM chunks WHERE document_id > ? ORDER BY document_id, id LIMIT ?').pluck().all(afterDocumentId, limit)) as string[];
    return wholeDocumentPage(rows.map((data) => JSON.parse(data) as IndexedChunk), limit, async (documentId) =>
      (this.db.prepare('SELECT data FROM chunks WHERE document_id = ? ORDER BY id').pluck().all(documentId) as string[]).map(
        (data) => JSON.parse(data) as IndexedChunk,
      ),
    );
  }

  async count(filter: Partial<DocumentFilter> = {}): Promise<number> {
    const { sql, params } = documentFilterSql(filter);
    return (this.db.prepare(`SELECT COUNT(*) AS n FROM chunks${sql}`).get(...params) as { n: number }).n;
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    if (this.unsavedWrites) this.saveSnapshot();
    this.db.close();
  }
}
