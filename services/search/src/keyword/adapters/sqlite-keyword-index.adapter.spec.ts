import Database from 'better-sqlite3';
import { describe, expect, it } from '@jest/globals';
import { SAMPLE_QUERIES } from '@cairn/rules';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chunkDocument } from '../../chunks/chunker.js';
import { readCorpusFiles, starterDocument } from '../../corpus/starter-corpus.js';
import { enhanceQuery } from '../../ranking/understand/query-enhancer.js';
import { queryTerms } from '../../ranking/understand/query-text.js';
import { chunk, describeKeywordIndexContract } from '../keyword-index.contract.js';
import { SqliteKeywordIndex } from './sqlite-keyword-index.adapter.js';

describeKeywordIndexContract('SqliteKeywordIndex (FTS5, Porter)', async () => new SqliteKeywordIndex(':memory:'));

describe('SqliteKeywordIndex ranking', () => {
  it('ranks the starter corpus exactly as FTS5 bm25() does, for the sample queries plain and enhanced', async () => {
    const index = new SqliteKeywordIndex(':memory:');
    const files = await readCorpusFiles(resolve(import.meta.dirname, '../../../corpus'));
    await index.upsert(files.flatMap((file) => chunkDocument(starterDocument(file))));
    await index.upsert([chunk({ id: 'mine#1', owner: 'user:someone', title: 'Dengue warning signs', body: 'Watch for bleeding.' })]);
    const queries = SAMPLE_QUERIES.flatMap((query) => [query, enhanceQuery(query).text]);
    for (const query of queries) {
      const request = { terms: queryTerms(query), owners: ['global'], size: 30 };
      const reference = index.fts5Search(request);
      const hits = await index.search(request);
      expect(hits.length).toBe(reference.length);
      hits.forEach((hit, rank) => expect(hit.score).toBeCloseTo(reference[rank].score, 6));
      const tied = (score: number) => reference.filter((other) => Math.abs(other.score - score) < 1e-6).length > 1;
      hits.forEach((hit, rank) => !tied(hit.score) && expect(hit.id).toBe(reference[rank].id));
    }
    await index.close();
  });
});

describe('SqliteKeywordIndex shared with another process', () => {
  it('sees chunks another connection wrote or deleted, and keeps its own writes', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cairn-keywords-')), 'index.sqlite');
    const server = new SqliteKeywordIndex(file);
    const cli = new SqliteKeywordIndex(file);
    await server.upsert([chunk({ id: 'own#1', title: 'Leptospirosis' })]);
    await cli.upsert([chunk({ id: 'cli#1', title: 'Leptospirosis doxycycline' })]);
    const ids = async (terms: string[]) => (await server.search({ terms, owners: ['global'], size: 5 })).map((hit) => hit.id);
    expect(await ids(['leptospirosis', 'doxycycline'])).toEqual(['cli#1', 'own#1']);
    await cli.deleteDocuments({ owner: 'global', documentId: 'cli' });
    expect(await ids(['leptospirosis', 'doxycycline'])).toEqual(['own#1']);
    await Promise.all([server.close(), cli.close()]);
  });
});

describe('SqliteKeywordIndex restart', () => {
  it('ranks and corrects the same after reopening from its saved postings, and rebuilds them when the chunks changed since or the spellings were never saved', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cairn-keywords-')), 'index.sqlite');
    const request = { terms: ['leptospirosis', 'doxycycline'], owners: ['global'], size: 5 };
    const first = new SqliteKeywordIndex(file);
    await first.upsert([
      chunk({ id: 'a#1', title: 'Leptospirosis', body: 'Give doxycycline.' }),
      chunk({ id: 'b#1', title: 'Leptospirosis in pregnancy' }),
      chunk({ id: 'c#1', documentId: 'c', title: 'Doxycycline' }),
    ]);
    await first.deleteDocuments({ owner: 'global', documentId: 'c' });
    const before = await first.search(request);
    await first.close();

    const savedBeforeSpellings = new Database(file);
    savedBeforeSpellings.exec('DELETE FROM bm25_snapshot_spellings');
    savedBeforeSpellings.close();
    const rebuilt = new SqliteKeywordIndex(file);
    expect(await rebuilt.corrections(['leptospirossis'], ['global'])).toEqual({ leptospirossis: 'leptospirosis' });
    await rebuilt.close();

    const reopened = new SqliteKeywordIndex(file);
    expect(await reopened.search(request)).toEqual(before);
    expect(await reopened.corrections(['leptospirossis', 'doxycylcine'], ['global'])).toEqual({ leptospirossis: 'leptospirosis', doxycylcine: 'doxycycline' });
    expect(await reopened.search({ ...request, terms: ['leptospirossis'], typoTolerance: true })).toHaveLength(2);
    await reopened.close();

    const writer = new SqliteKeywordIndex(file);
    await writer.upsert([chunk({ id: 'd#1', title: 'Doxycycline prophylaxis for leptospirosis' })]);
    await writer.close();
    const raw = new Database(file);
    raw.exec('DELETE FROM bm25_snapshot_terms; UPDATE bm25_snapshot SET version = version - 1');
    raw.close();
    const afterChange = new SqliteKeywordIndex(file);
    expect((await afterChange.search(request)).map((hit) => hit.id)).toContain('d#1');
    expect(afterChange.fts5Search(request).map((hit) => hit.id).sort()).toEqual((await afterChange.search(request)).map((hit) => hit.id).sort());
    await afterChange.close();
  });
});
