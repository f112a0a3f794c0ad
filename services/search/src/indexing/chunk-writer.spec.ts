import { describe, expect, it } from '@jest/globals';
import { chunkEmbeddingText } from '../embedding/embedder.port.js';
import { hashingEmbedder } from '../embedding/hashing-embedder.fixture.js';
import { SqliteKeywordIndex } from '../keyword/adapters/sqlite-keyword-index.adapter.js';
import { chunk } from '../keyword/keyword-index.contract.js';
import { SqliteVectorIndex } from '../vector/adapters/sqlite-vector-index.adapter.js';
import { ChunkWriter } from './chunk-writer.js';

describe('ChunkWriter', () => {
  it('answers other work between batches while it writes a large document set', async () => {
    const keywords = new SqliteKeywordIndex(':memory:');
    const vectors = new SqliteVectorIndex(':memory:');
    const chunks = Array.from({ length: 640 }, (_, i) =>
      chunk({ id: `doc${i}#1`, documentId: `doc${i}`, title: `Protocol ${i}`, body: `fluids antibiotics oxygen monitoring step ${i}` }),
    );
    let answeredDuringWrite = 0;
    let writing = true;
    const answer = () => {
      if (!writing) return;
      answeredDuringWrite++;
      setImmediate(answer);
    };
    setImmediate(answer);
    const progress: number[] = [];
    await new ChunkWriter(keywords, vectors, hashingEmbedder('hash', 16)).write(chunks, (done) => progress.push(done));
    writing = false;
    expect(progress).toEqual(Array.from({ length: 10 }, (_, i) => (i + 1) * 64));
    expect(answeredDuringWrite).toBeGreaterThanOrEqual(9);
    expect(await vectors.count()).toBe(640);
    await Promise.all([keywords.close(), vectors.close()]);
  });

  it('gives no vector to a chunk deleted while it was embedded, and keeps the vector of one rewritten meanwhile', async () => {
    const keywords = new SqliteKeywordIndex(':memory:');
    const vectors = new SqliteVectorIndex(':memory:');
    const embedder = hashingEmbedder('hash', 16);
    const writer = new ChunkWriter(keywords, vectors, embedder);
    const before = [chunk({ id: 'kept#1', body: 'cholera rehydration' }), chunk({ id: 'gone#1', body: 'measles vitamin' })];
    await keywords.upsert(before);
    const rewritten = chunk({ id: 'kept#1', body: 'dengue fluids' });
    await writer.delete({ owner: 'global', documentId: 'gone' });
    await writer.write([rewritten]);
    await writer.embedStillIndexed(before);
    expect(await vectors.count()).toBe(1);
    const [rewrittenVector] = await embedder.embedDocuments([chunkEmbeddingText(rewritten)]);
    const [hit] = await vectors.search({ vector: rewrittenVector, owners: ['global'], size: 1 });
    expect(hit).toEqual({ id: 'kept#1', score: expect.closeTo(1, 5) });
    await Promise.all([keywords.close(), vectors.close()]);
  });
});
