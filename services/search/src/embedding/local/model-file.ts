import { readFile } from 'node:fs/promises';

export const MODEL_MAGIC = 'CAIRNLE1';

export interface LocalEmbedderModel {
  readonly modelId: string;
  readonly dimensions: number;
  readonly vocabulary: ReadonlyMap<string, number>;
  readonly inverseDocumentFrequency: Float32Array;
  readonly queryEmbeddings: Float32Array;
  readonly documentEmbeddings: Float32Array;
}

interface ModelHeader {
  modelId: string;
  dimensions: number;
  vocabularySize: number;
  quantization: 'int8-per-row';
  tiedEmbeddings: boolean;
}

class ByteReader {
  private offset = 0;
  constructor(private readonly bytes: Buffer) {}

  uint32(): number {
    const value = this.bytes.readUInt32LE(this.offset);
    this.offset += 4;
    return value;
  }

  utf8(length: number): string {
    const text = this.bytes.toString('utf8', this.offset, this.offset + length);
    this.offset += length;
    return text;
  }

  float32s(count: number): Float32Array {
    const values = new Float32Array(count);
    for (let i = 0; i < count; i++) values[i] = this.bytes.readFloatLE(this.offset + i * 4);
    this.offset += count * 4;
    return values;
  }

  int8s(count: number): Int8Array {
    const values = new Int8Array(this.bytes.buffer, this.bytes.byteOffset + this.offset, count);
    this.offset += count;
    return values;
  }
}

function dequantize(reader: ByteReader, rows: number, dimensions: number): Float32Array {
  const scales = reader.float32s(rows);
  return dequantizeRows({ scales, codes: reader.int8s(rows * dimensions) }, rows, dimensions);
}

/** Layout: magic, u32 header length, JSON header, u32 vocabulary length, newline-joined terms, f32 idf per term, then per matrix f32 row scales and int8 codes. */
export function parseModel(bytes: Buffer): LocalEmbedderModel {
  const reader = new ByteReader(bytes);
  if (reader.utf8(MODEL_MAGIC.length) !== MODEL_MAGIC) throw new Error('Not a Cairn local embedder model file');
  const header = JSON.parse(reader.utf8(reader.uint32())) as ModelHeader;
  if (header.quantization !== 'int8-per-row') throw new Error(`Unsupported quantization: ${header.quantization}`);
  const terms = reader.utf8(reader.uint32()).split('\n');
  if (terms.length !== header.vocabularySize) throw new Error('Model vocabulary size does not match its header');
  const inverseDocumentFrequency = reader.float32s(header.vocabularySize);
  const queryEmbeddings = dequantize(reader, header.vocabularySize, header.dimensions);
  const documentEmbeddings = header.tiedEmbeddings ? queryEmbeddings : dequantize(reader, header.vocabularySize, header.dimensions);
  return {
    modelId: header.modelId,
    dimensions: header.dimensions,
    vocabulary: new Map(terms.map((term, index) => [term, index])),
    inverseDocumentFrequency,
    queryEmbeddings,
    documentEmbeddings,
  };
}

export async function readModel(path: string | URL): Promise<LocalEmbedderModel> {
  return parseModel(await readFile(path));
}

export interface QuantizedRows {
  scales: Float32Array;
  codes: Int8Array;
}

/** Symmetric int8 per row: code = round(x / scale), scale = max |x| / 127. */
export function quantizeRows(matrix: Float32Array, rows: number, dimensions: number): QuantizedRows {
  const scales = new Float32Array(rows);
  const codes = new Int8Array(rows * dimensions);
  for (let row = 0; row < rows; row++) {
    let max = 0;
    for (let j = 0; j < dimensions; j++) max = Math.max(max, Math.abs(matrix[row * dimensions + j]));
    const scale = max / 127 || 1;
    scales[row] = scale;
    for (let j = 0; j < dimensions; j++) codes[row * dimensions + j] = Math.round(matrix[row * dimensions + j] / scale);
  }
  return { scales, codes };
}

function dequantizeRows({ scales, codes }: QuantizedRows, rows: number, dimensions: number): Float32Array {
  const matrix = new Float32Array(rows * dimensions);
  for (let row = 0; row < rows; row++) {
    for (let j = 0; j < dimensions; j++) matrix[row * dimensions + j] = codes[row * dimensions + j] * scales[row];
  }
  return matrix;
}

const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
};

const float32s = (values: Float32Array) => {
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((value, i) => bytes.writeFloatLE(value, i * 4));
  return bytes;
};

/** The layout parseModel reads; `matrices` holds one (tied) or two (query, document) quantised matrices. */
export function encodeModel(model: {
  modelId: string;
  dimensions: number;
  terms: string[];
  inverseDocumentFrequency: Float32Array;
  matrices: QuantizedRows[];
}): Buffer {
  const header = Buffer.from(
    JSON.stringify({
      modelId: model.modelId,
      dimensions: model.dimensions,
      vocabularySize: model.terms.length,
      quantization: 'int8-per-row',
      tiedEmbeddings: model.matrices.length === 1,
    } satisfies ModelHeader),
  );
  const vocabulary = Buffer.from(model.terms.join('\n'));
  return Buffer.concat([
    Buffer.from(MODEL_MAGIC),
    uint32(header.length),
    header,
    uint32(vocabulary.length),
    vocabulary,
    float32s(model.inverseDocumentFrequency),
    ...model.matrices.flatMap(({ scales, codes }) => [float32s(scales), Buffer.from(codes.buffer, codes.byteOffset, codes.byteLength)]),
  ]);
}
