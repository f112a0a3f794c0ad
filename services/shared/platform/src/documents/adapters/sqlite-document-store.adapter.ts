import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  DuplicateDocumentError,
  type Collection,
  type CollectionOptions,
  type DocumentStore,
  type DocumentWrite,
  type FindOptions,
  type Scalar,
  type StoredDocument,
  type Where,
} from '../document-store.port.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function assertName(kind: string, name: string): string {
  if (!NAME.test(name)) throw new Error(`invalid ${kind} name: ${name}`);
  return name;
}

const fieldPath = (field: string) => `json_extract(doc, '$.${assertName('field', field)}')`;

function bindable(value: Scalar): string | number | null {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

function whereClause<T>(where: Where<T> | undefined): { sql: string; params: (string | number | null)[] } {
  const entries = Object.entries(where ?? {}) as [string, Scalar | undefined][];
  const defined = entries.filter(([, value]) => value !== undefined);
  if (defined.length === 0) return { sql: '', params: [] };
  const parts: string[] = [];
  const params: (string | number | null)[] = [];
  for (const [field, value] of defined) {
    if (value === null) {
      parts.push(`${fieldPath(field)} IS NULL`);
    } else {
      parts.push(`${fieldPath(field)} = ?`);
      params.push(bindable(value as Scalar));
    }
  }
  return { sql: ` WHERE ${parts.join(' AND ')}`, params };
}

class SqliteCollection<T extends StoredDocument> implements Collection<T> {
  constructor(
    private readonly db: Database.Database,
    readonly name: string,
  ) {}

  async insert(doc: T): Promise<void> {
    this.insertNow(doc);
  }

  insertNow(doc: T): void {
    try {
      this.db.prepare(`INSERT INTO "${this.name}" (id, doc) VALUES (?, ?)`).run(doc.id, JSON.stringify(doc));
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
        throw new DuplicateDocumentError(this.name, doc.id);
      }
      throw error;
    }
  }

  async put(doc: T): Promise<void> {
    this.putNow(doc);
  }

  putNow(doc: T): void {
    this.db
      .prepare(`INSERT INTO "${this.name}" (id, doc) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc`)
      .run(doc.id, JSON.stringify(doc));
  }

  async get(id: string): Promise<T | null> {
    const row = this.db.prepare(`SELECT doc FROM "${this.name}" WHERE id = ?`).get(id) as { doc: string } | undefined;
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  async find(options: FindOptions<T> = {}): Promise<T[]> {
    const { sql, params } = whereClause(options.where);
    const order = (options.sort ?? []).map((s) => `${fieldPath(s.field)} ${s.direction === 'desc' ? 'DESC' : 'ASC'}`);
    order.push('id ASC');
    const limit = options.limit ?? -1;
    const offset = options.offset ?? 0;
    const rows = this.db
      .prepare(`SELECT doc FROM "${this.name}"${sql} ORDER BY ${order.join(', ')} LIMIT ? OFFSET ?`)
      .all(...params, limit, offset) as { doc: string }[];
    return rows.map((row) => JSON.parse(row.doc) as T);
  }

  async count(where?: Where<T>): Promise<number> {
    const { sql, params } = whereClause(where);
    const row = this.db.prepare(`SELECT COUNT(*) AS n FROM "${this.name}"${sql}`).get(...params) as { n: number };
    return row.n;
  }

  async update(id: string, patch: Partial<Omit<T, 'id'>>): Promise<T | null> {
    return this.db.transaction(() => this.updateNow(id, patch))();
  }

  updateNow(id: string, patch: Partial<Omit<T, 'id'>>): T | null {
    const row = this.db.prepare(`SELECT doc FROM "${this.name}" WHERE id = ?`).get(id) as { doc: string } | undefined;
    if (!row) return null;
    const next = { ...(JSON.parse(row.doc) as T), ...patch, id } as T;
    this.db.prepare(`UPDATE "${this.name}" SET doc = ? WHERE id = ?`).run(JSON.stringify(next), id);
    return next;
  }

  async delete(id: string): Promise<boolean> {
    return this.deleteNow(id);
  }

  deleteNow(id: string): boolean {
    return this.db.prepare(`DELETE FROM "${this.name}" WHERE id = ?`).run(id).changes > 0;
  }

  apply(change: DocumentWrite): void {
    if (change.kind === 'insert') this.insertNow(change.doc as T);
    else if (change.kind === 'put') this.putNow(change.doc as T);
    else if (change.kind === 'update') this.updateNow(change.id, change.patch as Partial<Omit<T, 'id'>>);
    else this.deleteNow(change.id);
  }

  async deleteMany(where: Where<T>): Promise<number> {
    const { sql, params } = whereClause(where);
    if (!sql) throw new Error('deleteMany needs at least one condition');
    return this.db.prepare(`DELETE FROM "${this.name}"${sql}`).run(...params).changes;
  }
}

/** One SQLite file per service (WAL mode); each collection is a table of JSON documents. */
export class SqliteDocumentStore implements DocumentStore {
  private readonly db: Database.Database;
  private readonly known = new Set<string>();

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // Deleted rows are overwritten, not left in free pages: erasing an account leaves nothing readable in the file.
    this.db.pragma('secure_delete = ON');
    this.db.pragma('busy_timeout = 5000');
  }

  collection<T extends StoredDocument>(name: string, options: CollectionOptions<T> = {}): SqliteCollection<T> {
    assertName('collection', name);
    if (!this.known.has(name)) {
      this.db.exec(`CREATE TABLE IF NOT EXISTS "${name}" (id TEXT PRIMARY KEY, doc TEXT NOT NULL) WITHOUT ROWID`);
      for (const fields of options.indexes ?? []) {
        const indexName = `${name}__${fields.join('_')}`;
        this.db.exec(
          `CREATE INDEX IF NOT EXISTS "${indexName}" ON "${name}" (${fields.map((f) => fieldPath(f)).join(', ')})`,
        );
      }
      this.known.add(name);
    }
    return new SqliteCollection<T>(this.db, name);
  }

  async commit(writes: readonly DocumentWrite[]): Promise<void> {
    const collections = writes.map((change) => this.collection(change.collection));
    this.db.transaction(() => writes.forEach((change, i) => collections[i].apply(change)))();
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
