import { describe, expect, it } from '@jest/globals';
import { signBits, TopK } from './vector-math.js';

describe('vector math', () => {
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
