import { displayUrl } from '@cairn/platform';
import OpenAI from 'openai';
import type { Embedder } from '../embedder.port.js';

export interface OpenAiEmbedderOptions {
  baseURL: string;
  apiKey?: string;
  model: string;
  /** Asks the server for vectors of this size (models that can shorten theirs); the model's own size when omitted. */
  dimensions?: number;
  /** Per attempt; two retries follow a timeout, a 408/409/429 or a 5xx. */
  timeoutMs?: number;
  /** A fetch that trusts the endpoint's private CA (OPENAI_CA_FILE). */
  fetch?: typeof fetch;
}

/** Inputs per request: well under OpenAI's 2048, and small enough for self-hosted servers' batch limits. */
export const EMBEDDING_BATCH = 96;
/** Self-hosted servers often need no key, but the client refuses to start without one. */
const NO_API_KEY = 'unused';

function normalise(values: number[]): Float32Array {
  const vector = Float32Array.from(values);
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

/**
 * Embeddings from any OpenAI-compatible endpoint (OpenAI, Azure, vLLM, Ollama, …), L2-normalised,
 * batched in request order. With `dimensions` configured the size is known up front; without it,
 * `dimensions` is 0 until the first response gives the model's size (the Qdrant index then creates
 * its collection on the first write). `modelId` never changes (`openai:<model>:<dims>`, `native` for
 * the model's own size), so the starter corpus is rebuilt only when the model or size does.
 */
export class OpenAiEmbedder implements Embedder {
  readonly modelId: string;
  private size: number;
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiEmbedderOptions) {
    this.client = new OpenAI({ baseURL: options.baseURL, apiKey: options.apiKey || NO_API_KEY, timeout: options.timeoutMs ?? 30_000, maxRetries: 2, fetch: options.fetch });
    this.size = options.dimensions ?? 0;
    this.modelId = `openai:${options.model}:${options.dimensions ?? 'native'}`;
  }

  get dimensions(): number {
    return this.size;
  }

  async embedQuery(text: string): Promise<Float32Array> {
    const [vector] = await this.embedDocuments([text]);
    return vector;
  }

  async embedDocuments(texts: string[]): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += EMBEDDING_BATCH) {
      vectors.push(...(await this.embedBatch(texts.slice(start, start + EMBEDDING_BATCH))));
    }
    return vectors;
  }

  private async embedBatch(input: string[]): Promise<Float32Array[]> {
    const { model, dimensions } = this.options;
    const response = await this.client.embeddings
      .create({ model, input, encoding_format: 'float', ...(dimensions ? { dimensions } : {}) })
      .catch((error: Error) => {
        throw this.failure(error.message);
      });
    if (response.data.length !== input.length) throw this.failure(`the server returned ${response.data.length} embeddings for ${input.length} inputs`);
    return [...response.data].sort((a, b) => a.index - b.index).map(({ embedding }) => this.accept(embedding));
  }

  private accept(values: number[]): Float32Array {
    if (this.size === 0) this.size = values.length;
    if (values.length !== this.size) throw this.failure(`the server returned ${values.length}-dimensional vectors, expected ${this.size}`);
    return normalise(values);
  }

  /** A message naming the endpoint and model; never the API key, even when the server quotes it back. */
  private failure(reason: string): Error {
    const { apiKey, baseURL, model } = this.options;
    const message = `Embedding request to ${displayUrl(baseURL)} (model ${model}) failed: ${reason}`;
    return new Error(apiKey ? message.replaceAll(apiKey, '[redacted]') : message);
  }
}
