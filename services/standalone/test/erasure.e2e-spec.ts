import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestApp, type TestApp } from '@cairn/testing';
import { StandaloneModule } from '../src/index.js';
import { guidelinePdf } from './uploads-fixtures.js';
import { settled, uploadsClient } from './uploads-client.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every table row of every SQLite database under DATA_DIR that mentions one of `needles`. */
function sqliteRowsMentioning(dataDir: string, needles: string[]): string[] {
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
function sqliteBytesMentioning(dataDir: string, needles: string[]): string[] {
  const databases = filesUnder(dataDir).filter((path) => /\.(sqlite|db)$/.test(path));
  for (const file of databases) {
    const db = new Database(file, { fileMustExist: true });
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  }
  return databases.filter((file) => needles.some((needle) => readFileSync(file).includes(needle))).map((file) => file.slice(dataDir.length + 1));
}

/** Files other than SQLite databases (blobs, mail) whose name or content mentions one of `needles`. */
function otherFilesMentioning(dataDir: string, needles: string[]): string[] {
  return filesUnder(dataDir)
    .filter((path) => !/\.(sqlite|db)(-wal|-shm|-journal)?$/.test(path))
    .filter((path) => needles.some((needle) => path.includes(needle) || readFileSync(path).toString('latin1').includes(needle)))
    .map((path) => path.slice(dataDir.length + 1));
}

describe('deleting an account erases every trace of it in every service (standalone)', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp((config) => StandaloneModule.forRoot(config), { service: 'standalone', prefix: 'api', env: { EMBEDDER: 'none' } });
  }, 120_000);
  afterAll(async () => {
    await server.close();
  });

  it('leaves no row, blob or mail with the uid or the e-mail, while another user keeps everything', async () => {
    const signUp = async (name: string) => {
      const email = `${name.toLowerCase()}-${Date.now()}@ward.org`;
      const response = await server.request('POST', '/auth/signup', { body: { email, password: 'Sup3rSecret', displayName: name } });
      return { uid: response.body.user.uid as string, token: response.body.access_token as string, email };
    };
    const leaving = await signUp('Leaving');
    const staying = await signUp('Staying');
    const client = uploadsClient(server.url, server.request);

    for (const user of [leaving, staying]) {
      const as = { token: user.token };
      await server.request('POST', '/auth/login', { body: { email: user.email, password: 'wrong-once' } });
      await server.request('POST', '/auth/password-reset', { body: { email: user.email } });
      await server.request('POST', `/protocols/search?use_hybrid=true&enhance_query=true&user_id=${user.uid}`, { ...as, body: { query: 'dengue warning signs' } });
      const generated = await server.request('POST', '/protocols/generate', { ...as, body: { title: 'dengue warning signs', context_snippets: ['Watch for abdominal pain and persistent vomiting in dengue.'] } });
      expect(generated.status).toBe(200);
      const now = new Date().toISOString();
      const conversation = { id: `conv_${user.uid.slice(0, 8)}`, title: 'Dengue ward round', last_query: 'dengue warning signs', tags: ['medical-protocol'], created_at: now, updated_at: now, messages: [{ id: 'msg_1', type: 'user', content: `asked by ${user.email}`, timestamp: now, protocol_data: null, citations: [], follow_up_questions: [], uncertainty_note: null, used_new_sources: false, is_follow_up: false }] };
      expect((await server.request('POST', `/conversations/save?user_id=${user.uid}`, { ...as, body: conversation })).status).toBe(200);
      const saved = await server.request('POST', `/protocols/save?user_id=${user.uid}`, { ...as, body: { title: `Dengue checklist for ${user.email}`, checklist: generated.body.checklist ?? generated.body.steps ?? [] } });
      expect(saved.status).toBeLessThan(300);
      const started = await client.upload(user, `${user.uid}-guideline.pdf`, guidelinePdf('Snakebite ward protocol'));
      expect(started.status).toBe(202);
      const status = await client.waitFor(user, started.body.upload_id, settled);
      expect(status.status).toBe('awaiting_approval');
      expect((await client.approve(user, started.body.upload_id)).status).toBe(200);
    }
    const needles = [leaving.uid, leaving.email];
    expect(sqliteRowsMentioning(server.config.DATA_DIR, needles).length).toBeGreaterThan(3);

    const fresh = await server.request('POST', '/auth/reauthenticate', { token: leaving.token, body: { password: 'Sup3rSecret' } });
    expect((await server.request('DELETE', `/users/${leaving.uid}`, { token: fresh.body.access_token })).status).toBe(200);

    let left: string[] = [];
    for (let wait = 0; wait < 100; wait++) {
      left = [...sqliteRowsMentioning(server.config.DATA_DIR, needles), ...otherFilesMentioning(server.config.DATA_DIR, needles)];
      if (left.length === 0) break;
      await sleep(100);
    }
    expect(left).toEqual([]);
    expect(sqliteBytesMentioning(server.config.DATA_DIR, needles)).toEqual([]);
    expect(sqliteRowsMentioning(server.config.DATA_DIR, [staying.uid]).length).toBeGreaterThan(3);
    expect((await client.protocols(staying)).body.total).toBeGreaterThan(0);
    expect((await server.request('GET', `/conversations/${staying.uid}?limit=10`, { token: staying.token })).body).not.toEqual([]);
  }, 120_000);
});
