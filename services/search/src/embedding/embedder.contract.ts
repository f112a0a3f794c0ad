import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Embedder } from './embedder.port.js';

const norm = (vector: Float32Array) => Math.hypot(...vector);
const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, i) => sum + value * b[i], 0);

/** The behaviour every Embedder adapter must have. */
export function describeEmbedderContract(adapter: string, open: () => Promise<Embedder>): void {
  describe(`Embedder contract: ${adapter}`, () => {
    let embedder: Embedder;

    beforeAll(async () => {
      embedder = await open();
    });

    it('returns unit-length vectors of one size, one per text, in order', async () => {
      const texts = ['dengue fever warning signs', 'chest compressions for cardiac arrest', 'oral rehydration solution for diarrhoea'];
      const vectors = await embedder.embedDocuments(texts);
      expect(vectors).toHaveLength(texts.length);
      for (const vector of vectors) {
        expect(vector).toBeInstanceOf(Float32Array);
        expect(vector.length).toBe(embedder.dimensions);
        expect(norm(vector)).toBeCloseTo(1, 4);
      }
      const again = await embedder.embedDocuments([texts[2], texts[0]]);
      expect(cosine(again[0], vectors[2])).toBeCloseTo(1, 4);
      expect(cosine(again[1], vectors[0])).toBeCloseTo(1, 4);
      expect(await embedder.embedDocuments([])).toEqual([]);
    });

    it('is deterministic and keeps one model id', async () => {
      const id = embedder.modelId;
      const first = await embedder.embedQuery('malaria treatment with artemisinin');
      expect(cosine(first, await embedder.embedQuery('malaria treatment with artemisinin'))).toBeCloseTo(1, 5);
      expect(embedder.modelId).toBe(id);
    });

    it('puts a text closer to a related text than to an unrelated one', async () => {
      const [query] = [await embedder.embedQuery('dengue fever platelets')];
      const [related, unrelated] = await embedder.embedDocuments(['dengue fever with falling platelets', 'wrist fracture splint']);
      expect(cosine(query, related)).toBeGreaterThan(cosine(query, unrelated));
    });
  });
}
