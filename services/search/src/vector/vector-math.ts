/** Dot product of row `row` of a packed matrix with `query` (both length `dims`). */
export function dotRow(matrix: Float32Array, row: number, query: Float32Array, dims: number): number {
  const offset = row * dims;
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let i = 0;
  for (; i + 3 < dims; i += 4) {
    a += matrix[offset + i] * query[i];
    b += matrix[offset + i + 1] * query[i + 1];
    c += matrix[offset + i + 2] * query[i + 2];
    d += matrix[offset + i + 3] * query[i + 3];
  }
  for (; i < dims; i++) a += matrix[offset + i] * query[i];
  return a + b + c + d;
}

/** Sign bits of a vector packed in 32-bit words: a cheap sketch whose Hamming distance tracks cosine. */
export function signBits(vector: Float32Array, words: Uint32Array = new Uint32Array(Math.ceil(vector.length / 32)), at = 0): Uint32Array {
  for (let i = 0; i < vector.length; i++) {
    if (vector[i] > 0) words[at + (i >>> 5)] |= 1 << (i & 31);
  }
  return words;
}

/** Keeps the `size` best (id, score) pairs seen, highest score first. */
export class TopK {
  private readonly items: { id: string; score: number }[] = [];

  constructor(private readonly size: number) {}

  get floor(): number {
    return this.items.length < this.size ? -Infinity : this.items[this.items.length - 1].score;
  }

  offer(id: string, score: number): void {
    if (this.size <= 0 || score <= this.floor) return;
    let index = this.items.length;
    while (index > 0 && this.items[index - 1].score < score) index--;
    this.items.splice(index, 0, { id, score });
    if (this.items.length > this.size) this.items.pop();
  }

  result(): { id: string; score: number }[] {
    return [...this.items];
  }
}
