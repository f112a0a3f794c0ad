import { describe, expect, it } from '@jest/globals';
import { describeEmbedderContract } from '../embedder.contract.js';
import { UniversalSentenceEncoderEmbedder } from './universal-sentence-encoder-embedder.adapter.js';

const opened = UniversalSentenceEncoderEmbedder.load();
describeEmbedderContract('UniversalSentenceEncoderEmbedder (npm package, wasm backend)', () => opened);

describe('UniversalSentenceEncoderEmbedder', () => {
  it('runs on the WebAssembly backend', async () => {
    const { getBackend } = await import('@tensorflow/tfjs-core');
    await opened;
    expect(getBackend()).toBe('wasm');
  });

  it('ranks a paraphrase with no shared word above an unrelated text', async () => {
    const embedder = await opened;
    const query = await embedder.embedQuery('high blood pressure medicine');
    const [paraphrase, unrelated] = await embedder.embedDocuments(['antihypertensive drug treatment', 'knee ligament injury']);
    const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, i) => sum + value * b[i], 0);
    expect(cosine(query, paraphrase)).toBeGreaterThan(cosine(query, unrelated) + 0.1);
  });

  it('embeds an empty text as the zero vector beside others in its batch', async () => {
    const embedder = await opened;
    const [empty, text] = await embedder.embedDocuments(['', 'fever']);
    expect(empty.every((value) => value === 0)).toBe(true);
    expect(Math.hypot(...text)).toBeCloseTo(1, 4);
  });

  it('refuses a model folder whose files are not the pinned ones, naming the file', async () => {
    await expect(UniversalSentenceEncoderEmbedder.load(new URL('.', import.meta.url).pathname)).rejects.toThrow(/model\.json/);
  });

  it('knows less of a query full of words it only has in fragments', async () => {
    const embedder = await opened;
    expect(embedder.queryCoverage('chest pain in children')).toBe(1);
    expect(embedder.queryCoverage('pyelonephritis')).toBeLessThan(0.5);
  });
});
