import { readModel, type LocalEmbedderModel } from './model-file.js';
import { tokenize } from './tokenizer.js';

export const DEFAULT_MODEL_PATH = new URL('../../../models/local-embedder-v1.bin', import.meta.url);

/**
 * A bag-of-words dual encoder: a text is the L2-normalised sum of its terms' vectors weighted by
 * (1 + ln tf) * idf. Query and document term vectors may differ; v1 ties them. Needs no download.
 */
export class LocalEmbedder {
  readonly modelId: string;
  readonly dimensions: number;
  private maxIdf: number | undefined;

  private constructor(private readonly model: LocalEmbedderModel) {
    this.modelId = model.modelId;
    this.dimensions = model.dimensions;
  }

  static async load(path: string | URL = DEFAULT_MODEL_PATH): Promise<LocalEmbedder> {
    return new LocalEmbedder(await readModel(path));
  }

  static fromModel(model: LocalEmbedderModel): LocalEmbedder {
    return new LocalEmbedder(model);
  }

  /**
   * How much of a text the model knows: the idf-weighted share of its terms in the vocabulary (unknown
   * terms count as rare as the rarest known one). 0 when it knows none.
   */
  coverage(text: string): number {
    const { vocabulary, inverseDocumentFrequency } = this.model;
    let known = 0;
    let total = 0;
    for (const token of tokenize(text)) {
      const term = vocabulary.get(token);
      const weight = term === undefined ? this.maxInverseDocumentFrequency : inverseDocumentFrequency[term];
      total += weight;
      if (term !== undefined) known += weight;
    }
    return total > 0 ? known / total : 0;
  }

  private get maxInverseDocumentFrequency(): number {
    this.maxIdf ??= this.model.inverseDocumentFrequency.reduce((max, idf) => Math.max(max, idf), 0);
    return this.maxIdf;
  }

  embedQuery(text: string): Float32Array {
    return this.embed(text, this.model.queryEmbeddings);
  }

  embedDocument(text: string): Float32Array {
    return this.embed(text, this.model.documentEmbeddings);
  }

  /** A text with no known term embeds to the zero vector, which is equally far from everything. */
  private embed(text: string, termVectors: Float32Array): Float32Array {
    const { vocabulary, inverseDocumentFrequency, dimensions } = this.model;
    const termCounts = new Map<number, number>();
    for (const token of tokenize(text)) {
      const term = vocabulary.get(token);
      if (term !== undefined) termCounts.set(term, (termCounts.get(term) ?? 0) + 1);
    }
    const sum = new Float64Array(dimensions);
    const unrolledEnd = dimensions - (dimensions % 4);
    for (const [term, count] of termCounts) {
      const weight = (1 + Math.log(count)) * inverseDocumentFrequency[term];
      const offset = term * dimensions;
      let j = 0;
      for (; j < unrolledEnd; j += 4) {
        sum[j] += weight * termVectors[offset + j];
        sum[j + 1] += weight * termVectors[offset + j + 1];
        sum[j + 2] += weight * termVectors[offset + j + 2];
        sum[j + 3] += weight * termVectors[offset + j + 3];
      }
      for (; j < dimensions; j++) sum[j] += weight * termVectors[offset + j];
    }
    let norm = 0;
    for (let j = 0; j < dimensions; j++) norm += sum[j] * sum[j];
    const vector = new Float32Array(dimensions);
    if (norm > 0) {
      const scale = 1 / Math.sqrt(norm);
      for (let j = 0; j < dimensions; j++) vector[j] = sum[j] * scale;
    }
    return vector;
  }
}
