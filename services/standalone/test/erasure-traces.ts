import Database from 'better-sqlite3';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every table row of every SQLite database under DATA_DIR that mentions one of `needles`. */
export function sqliteRowsMentioning(dataDir: string, needles: string[]): string[] {
  const found: string[] = [];
  for (const file of filesUnder(dataDir).filter((path) => /\.(sqlite|db)$/.test(path))) {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[];
      for (const { name } of tables) {
        for (const row of db.prepare(`SELECT * FROM "${name}"`).iterate() as Iterable<Record<string, unknown>>) {
          const text = JSON.stringify(row, (_key, value) => (Buffer.isBuffer(value) ? value.toString('latin1') : value));
          if (needles.some((needle) => text.includes(needle))) found.push(`${file.slice(dataDir.length + 1)} · ${name}`);
        }
      }
    } finally {
      db.close();
    }
  }
  return [...new Set(found)];
}

/** SQLite files whose raw bytes still hold one of `needles` once the write-ahead log is folded in (deleted rows are overwritten). */
export function sqliteBytesMentioning(dataDir: string, needles: string[]): string[] {
  const databases = filesUnder(dataDir).filter((path) => /\.(sqlite|db)$/.test(path));
  for (const file of databases) {
    const db = new Database(file, { fileMustExist: true });
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  }
  return databases.filter((file) => needles.some((needle) => readFileSync(file).includes(needle))).map((file) => file.slice(dataDir.length + 1));
}

/** Files other than SQLite databases (blobs, mail) whose name or content mentions one of `needles`. */
export function otherFilesMentioning(dataDir: string, needles: string[]): string[] {
  return filesUnder(dataDir)
    .filter((path) => !/\.(sqlite|db)(-wal|-shm|-journal)?$/.test(path))
    .filter((path) => needles.some((needle) => path.includes(needle) || readFileSync(path).toString('latin1').includes(needle)))
    .map((path) => path.slice(dataDir.length + 1));
}
