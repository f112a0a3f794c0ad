import { describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { fts5Tokens } from './fts5-tokens.js';

function sqliteTokens(text: string): string[] {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE t USING fts5(body, tokenize = 'porter unicode61 remove_diacritics 2');
    CREATE VIRTUAL TABLE v USING fts5vocab(t, instance);`);
  db.prepare('INSERT INTO t (body) VALUES (?)').run(text);
  const tokens = db.prepare('SELECT term FROM v ORDER BY offset').pluck().all() as string[];
  db.close();
  return tokens;
}

describe('fts5Tokens', () => {
  it.each([
    'Fièvre: Dengue-Warning SIGNS, 0.5 mg/kg IV over 10–15 minutes',
    'is it as a CPR: 30 compressions, 2 breaths; 100-120/min',
    'Hypertensive crises; organisation, vaccinations, generalised, relational bleeding',
    'Naïve café résumé Ångström 5mg 12hourly covid19 β-lactam',
  ])('tokenizes %j exactly as SQLite FTS5 porter unicode61 remove_diacritics 2 does', (text) => {
    expect(fts5Tokens(text)).toEqual(sqliteTokens(text));
  });
});
