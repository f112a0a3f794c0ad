import { describe, expect, it } from '@jest/globals';
import { ScoreAccumulator } from './score-accumulator.js';

describe('ScoreAccumulator', () => {
  it('keeps the k best rows, best first, the row scored first winning a tie', () => {
    const scores = new ScoreAccumulator();
    scores.reset(100);
    const amounts = [5, 1, 9, 5, 3, 9, 7, 0.5, 5, 2];
    amounts.forEach((amount, n) => scores.add(90 - n * 7, amount));
    scores.raise(90 - 9 * 7, 4);
    const expected = amounts
      .map((amount, n) => ({ row: 90 - n * 7, score: n === 9 ? 6 : amount, n }))
      .sort((a, b) => b.score - a.score || a.n - b.n)
      .map(({ row }) => row);
    for (const k of [1, 3, 5, 10, 20]) expect(Array.from(scores.best(k))).toEqual(expected.slice(0, k));
  });

  it('counts, ranks and lists rows above a floor, and starts empty after a reset', () => {
    const scores = new ScoreAccumulator();
    scores.reset(10);
    [4, 8, 2, 6].forEach((amount, row) => scores.add(row, amount));
    expect(scores.countAtLeast(4)).toBe(3);
    expect(scores.kthHighest(2, 4)).toBe(6);
    expect(Array.from(scores.rowsAtLeast(5))).toEqual([1, 3]);
    scores.reset(5000);
    expect(scores.size).toBe(0);
    expect(scores.score(1)).toBe(0);
    scores.add(4999, 1);
    expect(Array.from(scores.rows())).toEqual([4999]);
  });

  it('finds the k-th highest score above a floor among many', () => {
    const scores = new ScoreAccumulator();
    scores.reset(2000);
    const values = Array.from({ length: 2000 }, (_, row) => ((row * 7919) % 1009) / 10 + 0.5);
    values.forEach((value, row) => scores.add(row, value));
    const sorted = [...values].sort((a, b) => b - a);
    for (const k of [1, 2, 50, 333]) {
      expect(scores.kthHighest(k, 0)).toBe(sorted[k - 1]);
      expect(scores.kthHighest(k, sorted[k - 1])).toBe(sorted[k - 1]);
    }
  });
});
