import { describe, expect, it } from '@jest/globals';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SqliteDocumentStore } from '@cairn/platform';
import { loadSearchConfig } from '../config/search-config.js';
import { LocalEmbedderAdapter } from '../embedding/adapters/local-embedder.adapter.js';
import { SqliteKeywordIndex } from '../keyword/adapters/sqlite-keyword-index.adapter.js';
import { SqliteVectorIndex } from '../vector/adapters/sqlite-vector-index.adapter.js';
import { ChunkWriter } from './chunk-writer.js';
import { StarterCorpusIndexer } from './starter-corpus.indexer.js';

/** A copy of the WHO starter documents with an empty store and index beside it. */
function corpusFixture() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cairn-starter-'));
  const corpus = join(dataDir, 'corpus');
  cpSync(resolve(import.meta.dirname, '../../corpus/who'), join(corpus, 'who'), { recursive: true });
  const store = new SqliteDocumentStore(join(dataDir, 'search.sqlite'));
  const keywords = new SqliteKeywordIndex(join(dataDir, 'index.sqlite'));
  const vectors = new SqliteVectorIndex(join(dataDir, 'index.sqlite'));
  return { dataDir, corpus, store, keywords, vectors };
}

describe('StarterCorpusIndexer', () => {
  it('builds the index once, and again only when the corpus changes', async () => {
    const { dataDir, corpus, store, keywords, vectors } = corpusFixture();
    const embedder = await LocalEmbedderAdapter.load();
    const indexer = new StarterCorpusIndexer(loadSearchConfig({ SEARCH_CORPUS_DIR: corpus }), store, embedder, new ChunkWriter(keywords, vectors, embedder));

    const first = await indexer.ensureIndexed();
    expect(first.rebuilt).toBe(true);
    expect(first.chunks).toBeGreaterThan(50);
    expect(await keywords.count({ owner: 'global', source: 'starter' })).toBe(first.chunks);
    expect(await vectors.count({ owner: 'global' })).toBe(first.chunks);

    expect((await indexer.ensureIndexed()).rebuilt).toBe(false);

    writeFileSync(
      join(corpus, 'who', 'zz-new.md'),
      '---\ntitle: Yaws eradication\norganization: WHO\nregion: Global\nyear: 2024\ndisease: Yaws\ntopics: [yaws]\nsource_url: https://www.who.int/health-topics/yaws\nlast_reviewed: 2026-11-20\n---\n\n## Treat\n- Give a single oral dose of azithromycin for yaws.\n',
    );
    const changed = await indexer.ensureIndexed();
    expect(changed).toMatchObject({ rebuilt: true, chunks: first.chunks + 1, documents: first.documents + 1 });
    expect(await keywords.count({ owner: 'global', source: 'starter' })).toBe(first.chunks + 1);
    await Promise.all([keywords.close(), vectors.close(), store.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('StarterCorpusIndexer on two replicas', () => {
  it('builds once: the replica without the rebuild lease waits for the other one', async () => {
    const { dataDir, corpus, store, keywords, vectors } = corpusFixture();
    const writes: number[] = [];
    const writer = new ChunkWriter(keywords, vectors, null);
    const counting = Object.assign(Object.create(writer), { write: async (chunks: Parameters<ChunkWriter['write']>[0]) => (writes.push(chunks.length), writer.write(chunks)) }) as ChunkWriter;
    const replica = () => new StarterCorpusIndexer(loadSearchConfig({ SEARCH_CORPUS_DIR: corpus }), store, null, counting);

    const [a, b] = await Promise.all([replica().ensureIndexed(), replica().ensureIndexed()]);
    expect([a.rebuilt, b.rebuilt].sort()).toEqual([false, true]);
    expect(a.chunks).toBe(b.chunks);
    expect(writes).toHaveLength(1);
    expect(await keywords.count({ owner: 'global', source: 'starter' })).toBe(a.chunks);
    expect(await store.collection('index_rebuild_leases').count()).toBe(0);
    await Promise.all([keywords.close(), vectors.close(), store.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
