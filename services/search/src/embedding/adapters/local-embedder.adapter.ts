import type { Embedder } from '../embedder.port.js';
import { DEFAULT_MODEL_PATH, LocalEmbedder } from '../local/local-embedder.js';

/** The standalone embedder behind the Embedder port: no download, model file shipped in the repository. */
export class LocalEmbedderAdapter implements Embedder {
  readonly modelId: string;
  readonly dimensions: number;

  private constructor(private readonly embedder: LocalEmbedder) {
    this.modelId = embedder.modelId;
    this.dimensions = embedder.dimensions;
  }

  static async load(path: string | URL = DEFAULT_MODEL_PATH): Promise<LocalEmbedderAdapter> {
    return new LocalEmbedderAdapter(await LocalEmbedder.load(path));
  }

  async embedQuery(text: string): Promise<Float32Array> {
    return this.embedder.embedQuery(text);
  }

  queryCoverage(text: string): number {
    return this.embedder.coverage(text);
  }

  async embedDocuments(texts: string[]): Promise<Float32Array[]> {
    return texts.map((text) => this.embedder.embedDocument(text));
  }
}
