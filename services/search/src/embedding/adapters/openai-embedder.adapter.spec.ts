import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startOpenAiDouble, type OpenAiDouble } from '@cairn/testing';
import { describeEmbedderContract } from '../embedder.contract.js';
import { EMBEDDING_BATCH, OpenAiEmbedder } from './openai-embedder.adapter.js';

const norm = (vector: Float32Array) => Math.hypot(...vector);
const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, i) => sum + value * b[i], 0);

describe('OpenAiEmbedder on the OpenAI-compatible test double', () => {
  let double: OpenAiDouble;
  const embeddingRequests = () => double.requests.filter((request) => request.path === '/v1/embeddings');

  beforeAll(async () => {
    double = await startOpenAiDouble({ normalizeEmbeddings: false, apiKey: 'sk-right' });
  });
  afterAll(() => double?.stop());

  describeEmbedderContract('OpenAiEmbedder (OpenAI-compatible test double)', async () =>
    new OpenAiEmbedder({ baseURL: double.url, apiKey: 'sk-right', model: 'text-embedding-3-small', dimensions: 64 }),
  );

  const embedder = (overrides: Partial<ConstructorParameters<typeof OpenAiEmbedder>[0]> = {}) =>
    new OpenAiEmbedder({ baseURL: double.url, apiKey: 'sk-right', model: 'text-embedding-3-small', ...overrides });

  it('embeds in batches, keeping the order of the texts', async () => {
    const texts = Array.from({ length: 2 * EMBEDDING_BATCH + 8 }, (_, i) => `protocol ${i} for sepsis number ${i * 7}`);
    const before = embeddingRequests().length;
    const vectors = await embedder().embedDocuments(texts);
    expect(embeddingRequests().slice(before).map((request) => request.body.input.length)).toEqual([EMBEDDING_BATCH, EMBEDDING_BATCH, 8]);
    expect(vectors).toHaveLength(texts.length);
    for (const i of [0, EMBEDDING_BATCH, texts.length - 1]) {
      expect(cosine(vectors[i], await embedder().embedQuery(texts[i]))).toBeCloseTo(1, 5);
    }
    expect(await embedder().embedDocuments([])).toEqual([]);
  });

  it('normalises what the server returns, and related texts land close together', async () => {
    const [fever, feverish, fracture] = await embedder().embedDocuments([
      'dengue fever fluids vaccination',
      'dengue fever vaccinations',
      'wrist fracture splint',
    ]);
    for (const vector of [fever, feverish, fracture]) expect(norm(vector)).toBeCloseTo(1, 5);
    expect(cosine(fever, feverish)).toBeGreaterThan(cosine(fever, fracture));
  });

  it('asks for the configured size and names it in modelId', async () => {
    const sized = embedder({ dimensions: 256 });
    expect(sized.modelId).toBe('openai:text-embedding-3-small:256');
    expect(sized.dimensions).toBe(256);
    expect(await sized.embedQuery('asthma')).toHaveLength(256);
    expect(embeddingRequests().at(-1)?.body).toMatchObject({ dimensions: 256, encoding_format: 'float', model: 'text-embedding-3-small' });
  });

  it("learns the model's own size from the first response when none is configured", async () => {
    const native = embedder();
    expect(native.modelId).toBe('openai:text-embedding-3-small:native');
    expect(native.dimensions).toBe(0);
    await native.embedQuery('asthma');
    expect(native.dimensions).toBe(64);
    expect(embeddingRequests().at(-1)?.body).not.toHaveProperty('dimensions');
    expect(native.modelId).toBe('openai:text-embedding-3-small:native');
  });

  it('fails with a message naming the endpoint and model, never the API key', async () => {
    const error = await embedder({ apiKey: 'sk-wrong-secret' }).embedQuery('asthma').catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^Embedding request to http:\/\/127\.0\.0\.1:\d+\/v1 \(model text-embedding-3-small\) failed: 401 Incorrect API key/);
    expect((error as Error).message).not.toContain('sk-wrong-secret');
    expect(double.requests.at(-1)?.headers.authorization).toBe('Bearer sk-wrong-secret');
  });

  it('retries a server error, and gives up after two retries', async () => {
    double.fault({ path: '/v1/embeddings', status: 500, times: 2, headers: { 'retry-after-ms': '5' } });
    const before = embeddingRequests().length;
    expect(await embedder().embedQuery('malaria')).toHaveLength(64);
    expect(embeddingRequests().length - before).toBe(3);

    double.fault({ path: '/v1/embeddings', status: 503, message: 'overloaded', times: 3, headers: { 'retry-after-ms': '5' } });
    await expect(embedder().embedQuery('malaria')).rejects.toThrow(/failed: 503 overloaded$/);
  });

  it('times out a slow answer and retries it', async () => {
    double.fault({ path: '/v1/embeddings', delayMs: 2_000 });
    const before = embeddingRequests().length;
    expect(await embedder({ timeoutMs: 200 }).embedQuery('measles')).toHaveLength(64);
    expect(embeddingRequests().length - before).toBe(2);
  });
});
