export const EMBEDDER = Symbol('EMBEDDER');

/** Turns text into L2-normalised vectors; `modelId` changes whenever vectors stop being comparable. */
export interface Embedder {
  readonly modelId: string;
  readonly dimensions: number;
  embedQuery(text: string): Promise<Float32Array>;
  embedDocuments(texts: string[]): Promise<Float32Array[]>;
  /** Share (0..1) of a query the model understands, for weighting its ranking; absent means fully. */
  queryCoverage?(text: string): number;
}

/** The text of a chunk as embedders see it. */
export function chunkEmbeddingText(chunk: { title: string; disease: string; section: string; body: string }): string {
  return [chunk.title, chunk.disease, chunk.section, chunk.body].filter(Boolean).join('\n');
}
