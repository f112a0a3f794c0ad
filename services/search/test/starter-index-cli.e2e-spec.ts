import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startTestApp } from '@cairn/testing';
import { SearchAppModule } from '../src/app.module.js';
import { SqliteKeywordIndex } from '../src/keyword/adapters/sqlite-keyword-index.adapter.js';

const cli = resolve(import.meta.dirname, '../dist/cli/build-starter-index.js');

/** The chart's pre-install/pre-upgrade Job: the starter index is built once, not by every search replica. */
describe('build-starter-index (the Helm hook Job)', () => {
  let corpus: string;
  let dataDir: string;
  const env = () => ({ ...process.env, DATA_DIR: dataDir, SEARCH_CORPUS_DIR: corpus, EMBEDDER: 'none', LOG_LEVEL: 'silent' });
  const build = () => {
    const result = spawnSync(process.execPath, [cli], { env: env(), encoding: 'utf8', timeout: 60_000 });
    return { code: result.status, output: `${result.stdout}${result.stderr}` };
  };

  beforeAll(() => {
    corpus = mkdtempSync(join(tmpdir(), 'cairn-starter-'));
    dataDir = mkdtempSync(join(tmpdir(), 'cairn-starter-data-'));
    const protocol = (title: string, step: string) =>
      `---\ntitle: ${title}\norganization: WHO\nregion: Global\nyear: 2024\ndisease: ${title}\nsource_url: https://www.who.int/\nlast_reviewed: 2026-11-01\n---\n\n# ${title}\n\n## Steps\n- ${step}\n`;
    writeFileSync(join(corpus, 'scrub-typhus.md'), protocol('Scrub typhus', 'Give doxycycline for seven days in scrub typhus.'));
    writeFileSync(join(corpus, 'snakebite.md'), protocol('Snakebite', 'Immobilise the bitten limb and give antivenom for envenoming.'));
  });
  afterAll(() => {
    rmSync(corpus, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds the index, then finds it current on the next upgrade', async () => {
    const first = build();
    expect(first).toMatchObject({ code: 0, output: expect.stringMatching(/Starter index built: 2 documents, \d+ chunks/) });
    const index = new SqliteKeywordIndex(join(dataDir, 'search-index.sqlite'));
    expect((await index.search({ terms: ['antivenom'], owners: ['global'], size: 5 })).length).toBeGreaterThan(0);
    await index.close();
    expect(build()).toMatchObject({ code: 0, output: expect.stringMatching(/Starter index already current: 2 documents/) });
  });

  it('leaves the index to the Job when a replica starts with SEARCH_STARTER_INDEX=job', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'cairn-starter-replica-'));
    const searchEnv = { SEARCH_CORPUS_DIR: corpus, EMBEDDER: 'none', SEARCH_STARTER_INDEX: 'job' };
    Object.assign(process.env, searchEnv);
    try {
      const api = await startTestApp((config) => SearchAppModule.forRoot(config), { service: 'search', env: { DATA_DIR: empty } });
      await api.close();
    } finally {
      for (const name of Object.keys(searchEnv)) delete process.env[name];
    }
    const index = new SqliteKeywordIndex(join(empty, 'search-index.sqlite'));
    expect(await index.count()).toBe(0);
    await index.close();
    rmSync(empty, { recursive: true, force: true });
  });

  it('stops with the variable named when the configuration is wrong', () => {
    const result = spawnSync(process.execPath, [cli], { env: { ...env(), SEARCH_KEYWORD_INDEX: 'elasticsearch' }, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/ELASTICSEARCH_URL: is required when SEARCH_KEYWORD_INDEX=elasticsearch/);
  });
});
