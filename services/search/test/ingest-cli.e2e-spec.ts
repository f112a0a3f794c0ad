import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { minimalPdf } from '@cairn/testing';
import { SqliteKeywordIndex } from '../src/keyword/adapters/sqlite-keyword-index.adapter.js';

const cli = resolve(import.meta.dirname, '../dist/cli/ingest.js');

function ingest(folder: string, dataDir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [cli, folder, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('npm run ingest', () => {
  let folder: string;
  let dataDir: string;

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'cairn-ingest-'));
    dataDir = mkdtempSync(join(tmpdir(), 'cairn-ingest-data-'));
    mkdirSync(join(folder, 'nested'));
    writeFileSync(
      join(folder, 'leptospirosis.pdf'),
      minimalPdf([{ text: 'Leptospirosis', size: 18 }, { text: 'Give doxycycline 100 mg twice daily for seven days in mild leptospirosis.' }]),
    );
    writeFileSync(join(folder, 'nested', 'brucellosis.md'), '# Brucellosis\n\n## Treat\n- Give doxycycline with rifampicin for six weeks for brucellosis.\n');
    writeFileSync(join(folder, 'broken.pdf'), 'this is not really a PDF');
    writeFileSync(join(folder, 'notes.txt'), 'plain text is not ingested');
  });
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads PDFs and markdown into the global corpus, reporting unreadable files without stopping', async () => {
    const first = ingest(folder, dataDir, '--organization', 'District Hospital', '--region', 'Kerala', '--year', '2025');
    expect(first.code).toBe(0);
    expect(first.output).toMatch(/Ingested 2 file\(s\)/);
    expect(first.output).toMatch(/skipped  notes\.txt: not a PDF or markdown file/);
    expect(first.output).toMatch(/FAILED   broken\.pdf: not a PDF/);
    expect(first.output).toMatch(/\[█+░*\] +\d+% 4\/4/);

    const index = new SqliteKeywordIndex(join(dataDir, 'search-index.sqlite'));
    const hits = await index.search({ terms: ['leptospirosis'], owners: ['global'], size: 5 });
    const [chunk] = await index.get([hits[0].id]);
    expect(chunk).toMatchObject({ title: 'Leptospirosis', organization: 'District Hospital', region: 'Kerala', year: 2025, source: 'ingested' });
    expect((await index.search({ terms: ['brucellosis'], owners: ['global'], size: 5 })).length).toBe(1);
    await index.close();
  });

  it('skips files already ingested', () => {
    const again = ingest(folder, dataDir, '--organization', 'District Hospital');
    expect(again.output).toMatch(/Ingested 0 file\(s\)/);
    expect(again.output).toMatch(/skipped  leptospirosis\.pdf: already ingested \(same content\)/);
    expect(again.output).toMatch(/skipped  nested\/brucellosis\.md: already ingested/);
  });

  it('explains what is missing', () => {
    expect(ingest(folder, dataDir).output).toMatch(/Missing --organization/);
    const missing = ingest(join(folder, 'nope'), dataDir, '--organization', 'WHO');
    expect(missing.code).toBe(2);
    expect(missing.output).toMatch(/Not a folder/);
    expect(missing.output).toMatch(/Usage: npm run ingest/);
  });
});
