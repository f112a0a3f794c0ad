import { describe, expect, it } from '@jest/globals';
import { dotRow, signBits, TopK } from './vector-math.js';

describe('vector math', () => {
  it('dots a matrix row with a query, any dimension count', () => {
    const matrix = new Float32Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(dotRow(matrix, 0, new Float32Array([1, 1, 1, 1, 1]), 5)).toBe(15);
    expect(dotRow(matrix, 1, new Float32Array([1, 0, 0, 0, 2]), 5)).toBe(6 + 20);
  });

  it('packs sign bits', () => {
    const words = signBits(new Float32Array([0.5, -1, 0, 2, ...Array(30).fill(-1), 1]));
    expect(words.length).toBe(2);
    expect(words[0] >>> 0).toBe(0b1001);
    expect(words[1]).toBe(0b100);
  });

  it('keeps the best k, best first', () => {
    const top = new TopK(3);
    for (const [id, score] of [['a', 1], ['b', 5], ['c', 3], ['d', 4], ['e', 0]] as const) top.offer(id, score);
    expect(top.result()).toEqual([{ id: 'b', score: 5 }, { id: 'd', score: 4 }, { id: 'c', score: 3 }]);
    expect(new TopK(0).result()).toEqual([]);
  });
});
