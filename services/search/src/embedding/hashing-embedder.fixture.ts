import type { Embedder } from './embedder.port.js';

/** Hashes words into `dimensions` buckets: a deterministic stand-in for an embedding model in tests. */
export function hashingEmbedder(modelId: string, dimensions: number): Embedder {
  const embed = (text: string) => {
    const vector = new Float32Array(dimensions);
    for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
      let hash = 7;
      for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
      vector[hash % dimensions] += 1;
    }
    const norm = Math.hypot(...vector) || 1;
    return vector.map((value) => value / norm);
  };
  return { modelId, dimensions, embedQuery: async (text) => embed(text), embedDocuments: async (texts) => texts.map(embed) };
}
