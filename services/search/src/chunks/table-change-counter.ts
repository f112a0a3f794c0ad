import type Database from 'better-sqlite3';

/**
 * Tells whether another connection (the ingest CLI, or another index on the same file) has changed a
 * table since this one last looked: SQLite's data_version says the file changed, a per-table counter
 * kept by triggers says whether this table did.
 */
export class TableChangeCounter {
  private readonly dataVersion: Database.Statement;
  private readonly tableVersion: Database.Statement;
  private seen = { data: -1, table: -1 };

  constructor(db: Database.Database, table: string) {
    const counter = `${table}_version`;
    db.exec(`
      CREATE TABLE IF NOT EXISTS ${counter} (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);
      INSERT OR IGNORE INTO ${counter} (id, version) VALUES (1, 0);
      CREATE TRIGGER IF NOT EXISTS ${table}_inserted AFTER INSERT ON ${table}
        BEGIN UPDATE ${counter} SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER IF NOT EXISTS ${table}_deleted AFTER DELETE ON ${table}
        BEGIN UPDATE ${counter} SET version = version + 1 WHERE id = 1; END;
    `);
    this.dataVersion = db.prepare('PRAGMA data_version').pluck();
    this.tableVersion = db.prepare(`SELECT version FROM ${counter} WHERE id = 1`).pluck();
  }

  /** True when the table changed elsewhere since the last call to `markSeen`, or was never seen. */
  changedElsewhere(): boolean {
    const data = this.dataVersion.get() as number;
    if (data === this.seen.data) return false;
    if ((this.tableVersion.get() as number) !== this.seen.table) return true;
    this.seen.data = data;
    return false;
  }

  /** The table's change counter as last seen. */
  get seenVersion(): number {
    return this.seen.table;
  }

  /** Records the current state as seen, after loading the table or writing to it through this connection. */
  markSeen(): void {
    this.seen = { data: this.dataVersion.get() as number, table: this.tableVersion.get() as number };
  }
}
