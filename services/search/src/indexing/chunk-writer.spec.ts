import { describe, expect, it } from '@jest/globals';
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
});
