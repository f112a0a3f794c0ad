import { signBits } from './vector-math.js';

/** vector-table.wat assembled (`npx -p wabt wat2wasm vector-table.wat`). */
const VECTOR_TABLE_WASM =
  '0061736d0100000001120260067f7f7f7f7f7f0060047f7f7f7f017f020f0103656e76066d656d6f7279020001030403000001072b0310' +
  '68616d6d696e6744697374616e636573000007646f74526f777300010a726f777357697468696e00020afe0203830101057f2000200341' +
  '03746a2107200420024101746a21060240200420064f0d00034041002109200021080340200920012903002008290300857ba76a210920' +
  '0141086a2101200841086a210820082007490d000b200420093b0100200520094102746a210a200a200a28020041016a36020020044102' +
  '6a210420042006490d000b0b0baf0102057f017b20044102742107200120076a2108200520034102746a21060240200520064f0d000340' +
  '2000200228020020076c6a21092001210afd0c00000000000000000000000000000000210b0340200b2009fd000400200afd000400fde6' +
  '01fde401210b200941106a2109200a41106a210a200a2008490d000b2005200bfd1f00200bfd1f0192200bfd1f02200bfd1f0392923802' +
  '00200241046a2102200541046a210520052006490d000b0b0b4601027f02402001450d00034020002f010020024d044020032004360200' +
  '200341046a2103200541016a21050b200041026a2100200441016a210420042001490d000b0b20050b';

const vectorTableModule = new WebAssembly.Module(Buffer.from(VECTOR_TABLE_WASM, 'hex'));
const PAGE = 65_536;

interface VectorTableExports {
  hammingDistances(query: number, sketches: number, rows: number, words: number, out: number, histogram: number): void;
  rowsWithin(distances: number, rows: number, cutoff: number, out: number): number;
  dotRows(matrix: number, query: number, rows: number, count: number, width: number, out: number): void;
}

/**
 * Rows of normalised vectors with their sign-bit sketches, in WebAssembly memory, where Hamming
 * distances use native popcount and dot products SIMD. Memory layout: query sketch, query vector, then
 * per row a candidate row number, a 32-bit score, a 16-bit distance, a sketch and a vector.
 */
export class VectorTable {
  private readonly words: number;
  private readonly width: number;
  private memory!: WebAssembly.Memory;
  private wasm!: VectorTableExports;
  private capacity = 0;
  private layout = { queryVector: 0, histogram: 0, candidates: 0, scores: 0, distances: 0, sketches: 0, vectors: 0 };

  constructor(readonly dims: number, capacity = 64) {
    this.words = Math.ceil(dims / 64);
    this.width = Math.ceil(dims / 4) * 4;
    this.allocate(capacity);
  }

  private allocate(capacity: number): void {
    const previous = this.capacity > 0 ? { memory: this.memory, layout: this.layout, capacity: this.capacity } : null;
    const queryVector = this.words * 8;
    const histogram = queryVector + this.width * 4;
    const candidates = histogram + Math.ceil((this.dims + 1) / 2) * 8;
    const scores = candidates + capacity * 4;
    const distances = scores + capacity * 4;
    const sketches = distances + Math.ceil(capacity / 4) * 8;
    const vectors = sketches + capacity * this.words * 8;
    const end = vectors + capacity * this.width * 4;
    this.capacity = capacity;
    this.layout = { queryVector, histogram, candidates, scores, distances, sketches, vectors };
    this.memory = new WebAssembly.Memory({ initial: Math.ceil(end / PAGE) });
    this.wasm = new WebAssembly.Instance(vectorTableModule, { env: { memory: this.memory } }).exports as unknown as VectorTableExports;
    if (!previous) return;
    const copy = (from: number, to: number, bytes: number) =>
      new Uint8Array(this.memory.buffer, to, bytes).set(new Uint8Array(previous.memory.buffer, from, bytes));
    copy(previous.layout.sketches, sketches, previous.capacity * this.words * 8);
    copy(previous.layout.vectors, vectors, previous.capacity * this.width * 4);
  }

  ensureCapacity(rows: number): void {
    if (rows > this.capacity) this.allocate(Math.max(rows, this.capacity * 2));
  }

  private sketch(row: number): Uint32Array {
    return new Uint32Array(this.memory.buffer, this.layout.sketches + row * this.words * 8, this.words * 2);
  }

  private vector(row: number): Float32Array {
    return new Float32Array(this.memory.buffer, this.layout.vectors + row * this.width * 4, this.width);
  }

  set(row: number, vector: Float32Array): void {
    const sketch = this.sketch(row);
    sketch.fill(0);
    signBits(vector, sketch);
    const stored = this.vector(row);
    stored.fill(0);
    stored.set(vector);
  }

  copy(from: number, to: number): void {
    if (from === to) return;
    this.sketch(to).set(this.sketch(from));
    this.vector(to).set(this.vector(from));
  }

  /** The Hamming distance of each of the first `rows` sketches to the query's; valid until the next call. */
  distances(query: Float32Array, rows: number): Uint16Array {
    const sketch = new Uint32Array(this.memory.buffer, 0, this.words * 2);
    sketch.fill(0);
    signBits(query, sketch);
    new Uint32Array(this.memory.buffer, this.layout.histogram, this.dims + 1).fill(0);
    this.wasm.hammingDistances(0, this.layout.sketches, rows, this.words, this.layout.distances, this.layout.histogram);
    return new Uint16Array(this.memory.buffer, this.layout.distances, rows);
  }

  /**
   * Of the first `rows`, those whose sketch is nearest the query's: every row within the smallest
   * Hamming distance that takes in at least `wanted` rows. Valid until the next call.
   */
  nearestBySketch(query: Float32Array, rows: number, wanted: number): Int32Array {
    this.distances(query, rows);
    const histogram = new Uint32Array(this.memory.buffer, this.layout.histogram, this.dims + 1);
    let cutoff = 0;
    for (let seen = 0; cutoff < this.dims && seen + histogram[cutoff] < wanted; cutoff++) seen += histogram[cutoff];
    const count = this.wasm.rowsWithin(this.layout.distances, rows, cutoff, this.layout.candidates);
    return new Int32Array(this.memory.buffer, this.layout.candidates, count);
  }

  /** The dot product of the query with each of the rows listed; valid until the next call. */
  dots(query: Float32Array, rows: ArrayLike<number>): Float32Array {
    const queryVector = new Float32Array(this.memory.buffer, this.layout.queryVector, this.width);
    queryVector.fill(0);
    queryVector.set(query);
    new Int32Array(this.memory.buffer, this.layout.candidates, rows.length).set(rows);
    this.wasm.dotRows(this.layout.vectors, this.layout.queryVector, this.layout.candidates, rows.length, this.width, this.layout.scores);
    return new Float32Array(this.memory.buffer, this.layout.scores, rows.length);
  }
}
