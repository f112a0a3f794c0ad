import { signBits } from './vector-math.js';

/** vector-table.wat assembled (`npx -p wabt wat2wasm vector-table.wat`). */
const VECTOR_TABLE_WASM =
  '0061736d01000000011a0360067f7f7f7f7f7f0060057f7f7f7f7f0060047f7f7f7f017f020f0103656e76066d656d6f72790200010305' +
  '0400010002073f041068616d6d696e6744697374616e63657300001168616d6d696e6744697374616e63657334000107646f74526f7773' +
  '00020a726f777357697468696e00030a8a0504830101057f200020034103746a2107200420024101746a21060240200420064f0d000340' +
  '41002109200021080340200920012903002008290300857ba76a2109200141086a2101200841086a210820082007490d000b200420093b' +
  '0100200520094102746a210a200a200a28020041016a360200200441026a210420042006490d000b0b0b980103017f047e027f20002903' +
  '002106200029030821072000290310210820002903182109200320024101746a21050240200320054f0d00034020012903002006857b20' +
  '012903082007857b7c20012903102008857b20012903182009857b7c7ca7210a2003200a3b01002004200a4102746a210b200b200b2802' +
  '0041016a360200200141206a2101200341026a210320032005490d000b0b0baf0102057f017b20044102742107200120076a2108200520' +
  '034102746a21060240200520064f0d0003402000200228020020076c6a21092001210afd0c00000000000000000000000000000000210b' +
  '0340200b2009fd000400200afd000400fde601fde401210b200941106a2109200a41106a210a200a2008490d000b2005200bfd1f00200b' +
  'fd1f0192200bfd1f02200bfd1f039292380200200241046a2102200541046a210520052006490d000b0b0bb70103027f017b027f2002fd' +
  '1021062001417871210802402008450d0003402000fd0004002006fd34fd84012107200704400340200320042007686a36020020034104' +
  '6a2103200541016a21052007200741016b71210720070d000b0b200041106a2100200441086a210420042008490d000b0b024020042001' +
  '4f0d00034020002f010020024d044020032004360200200341046a2103200541016a21050b200041026a2100200441016a210420042001' +
  '490d000b0b20050b';

const vectorTableModule = new WebAssembly.Module(Buffer.from(VECTOR_TABLE_WASM, 'hex'));
const PAGE = 65_536;

interface VectorTableExports {
  hammingDistances(query: number, sketches: number, rows: number, words: number, out: number, histogram: number): void;
  hammingDistances4(query: number, sketches: number, rows: number, out: number, histogram: number): void;
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
    if (this.words === 4) this.wasm.hammingDistances4(0, this.layout.sketches, rows, this.layout.distances, this.layout.histogram);
    else this.wasm.hammingDistances(0, this.layout.sketches, rows, this.words, this.layout.distances, this.layout.histogram);
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
