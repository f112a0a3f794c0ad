import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventually, startQdrantDouble, type QdrantDouble } from '@cairn/testing';
import { loadPlatformConfig, SqliteDocumentStore } from '@cairn/platform';
import type { IndexedChunk } from '../chunks/chunk.js';
import { loadSearchConfig } from '../config/search-config.js';
import type { Embedder } from '../embedding/embedder.port.js';
import { hashingEmbedder } from '../embedding/hashing-embedder.fixture.js';
import { SqliteKeywordIndex } from '../keyword/adapters/sqlite-keyword-index.adapter.js';
import { chunk } from '../keyword/keyword-index.contract.js';
import { createVectorIndex, modelCollection } from '../search-adapters.js';
import { SqliteVectorIndex } from '../vector/adapters/sqlite-vector-index.adapter.js';
import { ChunkWriter } from './chunk-writer.js';
import { VectorBackfill } from './vector-backfill.js';

/** A starter corpus already indexed. */
const indexed = { indexed: Promise.resolve() };

const DISEASES = ['dengue', 'malaria', 'cholera', 'measles', 'rabies', 'typhoid', 'tetanus', 'leprosy'];
const corpus: IndexedChunk[] = DISEASES.flatMap((disease, d) =>
  [1, 2, 3].map((n) => chunk({ id: `doc${d}#${n}`, documentId: `doc${d}`, title: disease, body: `${disease} protocol step ${n}` })),
);

describe('vectors of one embedding model only, filled again when the model changes', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cairn-backfill-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const indexesIn = (name: string, embedder: Embedder, starter = indexed) => {
    const file = join(dir, `${name}.sqlite`);
    const keywords = new SqliteKeywordIndex(file);
    const vectors = new SqliteVectorIndex(file, { id: embedder.modelId, dimensions: embedder.dimensions });
    const store = new SqliteDocumentStore(join(dir, `${name}-store.sqlite`));
    const replica = () => new VectorBackfill(store, keywords, embedder, new ChunkWriter(keywords, vectors, embedder), starter);
    const close = () => Promise.all([keywords.close(), vectors.close(), store.close()]);
    return { keywords, vectors, backfill: replica(), replica, close };
  };

  it('empties a SQLite index of another model on opening, then embeds every chunk with the new one', async () => {
    const before = indexesIn('change', hashingEmbedder('model-a', 32));
    await new ChunkWriter(before.keywords, before.vectors, hashingEmbedder('model-a', 32)).write(corpus);
    expect(await before.vectors.count()).toBe(corpus.length);
    expect(await before.backfill.run()).toBe(0);
    await before.close();

    const modelB = hashingEmbedder('model-b', 48);
    const after = indexesIn('change', modelB);
    expect(await after.vectors.count()).toBe(0);
    expect(await after.keywords.count()).toBe(corpus.length);
    expect(await after.backfill.run()).toBe(corpus.length);
    expect(await after.vectors.count()).toBe(corpus.length);
    const hits = await after.vectors.search({ vector: await modelB.embedQuery('cholera protocol'), owners: ['global'], size: 3 });
    expect(hits.map((hit) => hit.id.split('#')[0])).toEqual(['doc2', 'doc2', 'doc2']);
    expect(await after.backfill.run()).toBe(0);
    await after.close();
  });

  it('keeps vectors written before models were recorded when they have the model size, and drops them otherwise', async () => {
    const legacyIndex = async (name: string) => {
      const file = join(dir, name);
      const legacy = new SqliteVectorIndex(file);
      await legacy.upsert([{ id: 'a#1', owner: 'global', documentId: 'a', source: 'starter', vector: Float32Array.of(1, 0, 0, 0) }]);
      await legacy.close();
      return file;
    };
    const file = await legacyIndex('legacy.sqlite');
    const sameSize = new SqliteVectorIndex(file, { id: 'four', dimensions: 4 });
    expect(await sameSize.count()).toBe(1);
    await sameSize.close();
    const reopened = new SqliteVectorIndex(file, { id: 'four', dimensions: 4 });
    expect(await reopened.count()).toBe(1);
    await reopened.close();

    const wider = new SqliteVectorIndex(await legacyIndex('legacy-other.sqlite'), { id: 'eight', dimensions: 8 });
    expect(await wider.count()).toBe(0);
    await wider.close();
  });

  it('lets one replica embed while another sharing the store leaves it', async () => {
    const { keywords, vectors, replica, close } = indexesIn('replicas', hashingEmbedder('model-c', 16));
    await keywords.upsert(corpus);
    const embedded = await Promise.all([replica().run(), replica().run()]);
    expect(embedded.map(String).sort()).toEqual([String(corpus.length), 'busy']);
    expect(await replica().run()).toBe(0);
    expect(await vectors.count()).toBe(corpus.length);
    await close();
  });

  it('starts only once the starter corpus is indexed, so it never re-embeds what that is writing', async () => {
    let starterIndexed!: () => void;
    const starter = { indexed: new Promise<void>((resolve) => (starterIndexed = resolve)) };
    const { keywords, vectors, backfill, close } = indexesIn('after-starter', hashingEmbedder('model-e', 16), starter);
    await keywords.upsert(corpus);
    backfill.onApplicationBootstrap();
    // The window it must stay idle in: a backfill started after it, on a starter corpus already indexed, embeds the whole corpus.
    const ungated = indexesIn('after-starter-control', hashingEmbedder('model-e', 16));
    await ungated.keywords.upsert(corpus);
    ungated.backfill.onApplicationBootstrap();
    await ungated.backfill.beforeApplicationShutdown();
    expect(await ungated.vectors.count()).toBe(corpus.length);
    await ungated.close();
    expect(await vectors.count()).toBe(0);
    starterIndexed();
    expect(await eventually(() => vectors.count(), (count) => count === corpus.length, 2_000, 20)).toBe(corpus.length);
    backfill.onModuleDestroy();
    await backfill.beforeApplicationShutdown();
    await close();
  });

  it('runs in the background after start-up, and stops between pages when the service shuts down', async () => {
    const fast = hashingEmbedder('model-d', 16);
    const slow: Embedder = { ...fast, embedDocuments: async (texts) => (await sleep(20), fast.embedDocuments(texts)) };
    const { keywords, vectors, backfill, close } = indexesIn('shutdown', slow);
    const many = Array.from({ length: 2_000 }, (_, i) => chunk({ id: `doc${i}#1`, documentId: `doc${i}`, body: `protocol ${i}` }));
    await keywords.upsert(many);
    backfill.onApplicationBootstrap();
    expect(await eventually(() => vectors.count(), (count) => count > 0, 5_000, 5)).toBeGreaterThan(0);
    const stopping = Date.now();
    backfill.onModuleDestroy();
    await backfill.beforeApplicationShutdown();
    expect(Date.now() - stopping).toBeLessThan(1_000);
    const embedded = await vectors.count();
    expect(embedded).toBeGreaterThan(0);
    expect(embedded).toBeLessThan(many.length);
    await close();
  });

  describe('on Qdrant', () => {
    let qdrant: QdrantDouble;
    beforeAll(async () => {
      qdrant = await startQdrantDouble();
    });
    afterAll(async () => qdrant?.stop());

    it('writes each model to its own collection, so a changed model starts empty and the old one is left intact', async () => {
      const config = loadSearchConfig({ SEARCH_VECTOR_INDEX: 'qdrant', QDRANT_URL: qdrant.url, QDRANT_COLLECTION: 'chunks' });
      const platform = loadPlatformConfig('search', 0, { DATA_DIR: dir });
      const [a, b] = [hashingEmbedder('model-a', 8), hashingEmbedder('model-b', 12)];
      expect(modelCollection('chunks', a)).toMatch(/^chunks-[0-9a-f]{8}$/);
      expect(modelCollection('chunks', a)).not.toBe(modelCollection('chunks', b));

      const first = await createVectorIndex(config, platform, a);
      await first.upsert([{ id: 'x#1', owner: 'global', documentId: 'x', source: 'starter', vector: (await a.embedDocuments(['cholera']))[0] }]);
      expect(await first.count()).toBe(1);
      await first.close();
      const changed = await createVectorIndex(config, platform, b);
      expect(await changed.count()).toBe(0);
      await changed.upsert([{ id: 'x#1', owner: 'global', documentId: 'x', source: 'starter', vector: (await b.embedDocuments(['cholera']))[0] }]);
      await changed.close();
      const back = await createVectorIndex(config, platform, a);
      expect(await back.count()).toBe(1);
      await back.close();
    });
  });
});
