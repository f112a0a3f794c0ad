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
