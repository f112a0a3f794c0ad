import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import type { Embedder } from '../embedder.port.js';
import { EncoderQueue } from '../universal-sentence-encoder/encoder-queue.js';
import { MODEL_PACKAGE, modelDirectory, PINNED_FILES, readPinnedFile, wasmDirectory } from '../universal-sentence-encoder/model-files.js';
import { SentencePieceTokenizer, type ScoredPiece } from '../universal-sentence-encoder/sentence-piece.js';
import { wordCoverage } from '../universal-sentence-encoder/word-coverage.js';

const DIMENSIONS = 512;
/** Texts per model call: long enough to amortise the call, short enough that a query never waits long. */
const DOCUMENT_BATCH = 8;
/** The vocabulary's first ids are padding, sentence marks and spare control ids. */
const RESERVED_IDS = 6;
const UNKNOWN_ID = 0;

interface ModelTopologyFile {
  modelTopology: object;
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
}

let backend: Promise<void> | undefined;

/** The TF.js WebAssembly backend, from the binaries inside its npm package (the pure-JS one is ~25x slower). */
function wasmBackend(): Promise<void> {
  backend ??= (async () => {
    setWasmPaths(`${wasmDirectory()}/`);
    if (!(await tf.setBackend('wasm'))) throw new Error('The TensorFlow.js wasm backend did not initialise');
    tf.enableProdMode();
  })();
  return backend;
}

/**
 * The Universal Sentence Encoder lite (a transformer over an 8,000-piece SentencePiece vocabulary, 512
 * dimensions) from its npm package, run by TF.js on WebAssembly. Every file is checked against its pinned
 * SHA-256; nothing is downloaded.
 */
export class UniversalSentenceEncoderEmbedder implements Embedder {
  readonly modelId = `universal-sentence-encoder-lite (${MODEL_PACKAGE})`;
  readonly dimensions = DIMENSIONS;
  private readonly queue = new EncoderQueue();

  private constructor(
    private readonly model: GraphModel,
    private readonly tokenizer: SentencePieceTokenizer,
  ) {}

  static async load(directory = modelDirectory()): Promise<UniversalSentenceEncoderEmbedder> {
    const read = (name: string) => readPinnedFile(directory, name);
    const topology = JSON.parse((await read('model.json')).toString('utf8')) as ModelTopologyFile;
    const [manifest] = topology.weightsManifest;
    const missing = manifest.paths.filter((path) => !(path in PINNED_FILES));
    if (missing.length > 0) throw new Error(`model.json names weight files that are not pinned: ${missing.join(', ')}`);
    const shards = await Promise.all(manifest.paths.map(read));
    const weights = Buffer.concat(shards);
    const vocabulary = JSON.parse((await read('vocab.json')).toString('utf8')) as ScoredPiece[];
    await wasmBackend();
    const model = await loadGraphModel(
      tf.io.fromMemory({
        modelTopology: topology.modelTopology,
        weightSpecs: manifest.weights,
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
      }),
    );
    return new UniversalSentenceEncoderEmbedder(model, new SentencePieceTokenizer(vocabulary, { reservedIds: RESERVED_IDS, unknownId: UNKNOWN_ID }));
  }

  async embedQuery(text: string): Promise<Float32Array> {
    const [vector] = await this.queue.run(true, () => this.embed([text]));
    return vector;
  }

  async embedDocuments(texts: string[]): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += DOCUMENT_BATCH) {
      const batch = texts.slice(start, start + DOCUMENT_BATCH);
      vectors.push(...(await this.queue.run(false, () => this.embed(batch))));
    }
    return vectors;
  }

  queryCoverage(text: string): number {
    return wordCoverage(text, (word) => this.tokenizer.knowsWord(word));
  }

  /** The model's sentence vectors, normalised again so that rounding never leaves them off unit length. */
  private async embed(texts: string[]): Promise<Float32Array[]> {
    const pieces = texts.map((text) => this.tokenizer.encode(text));
    const rows = pieces.flatMap((ids, text) => (ids.length > 0 ? [text] : []));
    const vectors: Float32Array[] = texts.map(() => new Float32Array(DIMENSIONS));
    if (rows.length === 0) return vectors;
    const positions = rows.flatMap((text, row) => pieces[text].map((_, column) => [row, column]));
    const indices = tf.tensor2d(positions.flat(), [positions.length, 2], 'int32');
    const values = tf.tensor1d(rows.flatMap((text) => pieces[text]), 'int32');
    try {
      const output = (await this.model.executeAsync({ indices, values })) as tf.Tensor;
      const flat = (await output.data()) as Float32Array;
      output.dispose();
      rows.forEach((text, row) => (vectors[text] = unitLength(flat.slice(row * DIMENSIONS, (row + 1) * DIMENSIONS))));
      return vectors;
    } finally {
      indices.dispose();
      values.dispose();
    }
  }
}

/** A text without pieces stays the zero vector, equally far from everything. */
function unitLength(vector: Float32Array): Float32Array {
  const norm = Math.hypot(...vector);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] /= norm;
  return vector;
}
