/**
 * A score per row, and the list of rows scored, in typed arrays reused from search to search: a search
 * touches tens of thousands of rows, and growing a JS array for them costs more than scoring them.
 */
export class ScoreAccumulator {
  private scores = new Float64Array(1024);
  private touched = new Int32Array(1024);
  private count = 0;

  /** Makes room for rows numbered below `rows`; forgets every score. */
  reset(rows: number): void {
    if (this.scores.length < rows) {
      this.scores = new Float64Array(rows * 2);
      this.touched = new Int32Array(rows * 2);
    } else {
      for (let i = 0; i < this.count; i++) this.scores[this.touched[i]] = 0;
    }
    this.count = 0;
  }

  /** Adds a positive amount to a row's score. */
  add(row: number, amount: number): void {
    if (this.scores[row] === 0) this.touched[this.count++] = row;
    this.scores[row] += amount;
  }

  /** Adds to the score of a row already scored. */
  raise(row: number, amount: number): void {
    this.scores[row] += amount;
  }

  score(row: number): number {
    return this.scores[row];
  }

  get size(): number {
    return this.count;
  }

  /** How many rows score at least `floor`. */
  countAtLeast(floor: number): number {
    let count = 0;
    for (let i = 0; i < this.count; i++) if (this.scores[this.touched[i]] >= floor) count++;
    return count;
  }

  /** The k-th highest score (k ≤ countAtLeast(floor)), looking only at scores of at least `floor`: a min-heap of k. */
  kthHighest(k: number, floor: number): number {
    const heap = new Float64Array(k);
    let filled = 0;
    for (let i = 0; i < this.count; i++) {
      const score = this.scores[this.touched[i]];
      if (score < floor || (filled === k && score <= heap[0])) continue;
      let at: number;
      if (filled < k) {
        at = filled++;
        for (; at > 0 && heap[(at - 1) >> 1] > score; at = (at - 1) >> 1) heap[at] = heap[(at - 1) >> 1];
      } else {
        at = 0;
        for (let child = 1; child < k; child = 2 * at + 1) {
          if (child + 1 < k && heap[child + 1] < heap[child]) child++;
          if (heap[child] >= score) break;
          heap[at] = heap[child];
          at = child;
        }
      }
      heap[at] = score;
    }
    return heap[0];
  }

  /** The rows scoring at least `floor`, in the order first scored. */
  rowsAtLeast(floor: number): Int32Array {
    const rows = new Int32Array(this.countAtLeast(floor));
    let n = 0;
    for (let i = 0; i < this.count; i++) if (this.scores[this.touched[i]] >= floor) rows[n++] = this.touched[i];
    return rows;
  }

  /** Every row scored, in the order first scored; valid until the next reset. */
  rows(): Int32Array {
    return this.touched.subarray(0, this.count);
  }

  /**
   * The `k` highest-scoring of `rows` (every row scored when omitted), best first; of equal scores the
   * row listed first wins. A heap of positions in `rows`, worst at the root.
   */
  best(k: number, rows: Int32Array = this.rows()): Int32Array {
    const heap = new Int32Array(Math.min(k, rows.length));
    const score = (at: number) => this.scores[rows[heap[at]]];
    const worse = (a: number, b: number) => score(a) < score(b) || (score(a) === score(b) && heap[a] > heap[b]);
    const swap = (a: number, b: number) => {
      const kept = heap[a];
      heap[a] = heap[b];
      heap[b] = kept;
    };
    const siftDown = (from: number) => {
      for (let at = from; ; ) {
        let worst = at;
        if (2 * at + 1 < heap.length && worse(2 * at + 1, worst)) worst = 2 * at + 1;
        if (2 * at + 2 < heap.length && worse(2 * at + 2, worst)) worst = 2 * at + 2;
        if (worst === at) return;
        swap(at, worst);
        at = worst;
      }
    };
    let filled = 0;
    for (let position = 0; position < rows.length; position++) {
      if (filled < heap.length) {
        heap[filled] = position;
        for (let at = filled++; at > 0 && worse(at, (at - 1) >> 1); at = (at - 1) >> 1) swap(at, (at - 1) >> 1);
      } else if (this.scores[rows[position]] > score(0)) {
        heap[0] = position;
        siftDown(0);
      }
    }
    const positions = Array.from(heap).sort((a, b) => this.scores[rows[b]] - this.scores[rows[a]] || a - b);
    return Int32Array.from(positions, (position) => rows[position]);
  }
}
