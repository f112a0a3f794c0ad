import { describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeEmbedderContract } from '../embedder.contract.js';
import type { Embedder } from '../embedder.port.js';
import { hashingEmbedder } from '../hashing-embedder.fixture.js';
import { SqliteCachedEmbedder } from './sqlite-cached-embedder.adapter.js';

const cacheFile = () => join(mkdtempSync(join(tmpdir(), 'cairn-embedding-cache-')), 'cache.sqlite');

/** Counts the texts the wrapped embedder is asked to embed. */
function counting(inner: Embedder): Embedder & { embedded: string[] } {
  const embedded: string[] = [];
  return {
    modelId: inner.modelId,
    dimensions: inner.dimensions,
    embedded,
    embedQuery: (text) => inner.embedQuery(text),
    embedDocuments: async (texts) => {
      embedded.push(...texts);
      return inner.embedDocuments(texts);
    },
  };
}

describeEmbedderContract('SqliteCachedEmbedder (in front of the hashing fixture)', async () => new SqliteCachedEmbedder(hashingEmbedder('hashing-64', 64), cacheFile()));

describe('SqliteCachedEmbedder', () => {
  it('embeds each text once, across instances sharing the file, and returns the same vectors', async () => {
    const file = cacheFile();
    const inner = counting(hashingEmbedder('hashing-64', 64));
    const first = new SqliteCachedEmbedder(inner, file);
    const vectors = await first.embedDocuments(['fever', 'cough', 'fever']);
    expect(inner.embedded).toEqual(['fever', 'cough']);
    first.close();
    const second = new SqliteCachedEmbedder(inner, file);
    const again = await second.embedDocuments(['cough', 'rash', 'fever']);
    expect(inner.embedded).toEqual(['fever', 'cough', 'rash']);
    expect([...again[0]]).toEqual([...vectors[1]]);
    expect([...again[2]]).toEqual([...vectors[0]]);
    expect(second.size()).toBe(3);
  });

  it('never reuses a vector of another model', async () => {
    const file = cacheFile();
    await new SqliteCachedEmbedder(hashingEmbedder('hashing-64', 64), file).embedDocuments(['fever']);
    const other = counting(hashingEmbedder('another-model', 64));
    await new SqliteCachedEmbedder(other, file).embedDocuments(['fever']);
    expect(other.embedded).toEqual(['fever']);
  });
});
