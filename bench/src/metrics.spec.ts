import { describe, expect, it } from '@jest/globals';
import { ndcgAt, percentile, recallAt, table } from './metrics.js';

describe('retrieval metrics', () => {
  const judgements = new Map([['a', 2], ['b', 1], ['c', 1]]);

  it('nDCG is 1 for the ideal ranking and uses linear gains', () => {
    expect(ndcgAt(['a', 'b', 'c'], judgements)).toBeCloseTo(1, 12);
    const dcg = 1 / Math.log2(2) + 2 / Math.log2(3);
    const ideal = 2 + 1 / Math.log2(3) + 1 / Math.log2(4);
    expect(ndcgAt(['b', 'a', 'x'], judgements)).toBeCloseTo(dcg / ideal, 12);
    expect(ndcgAt(['x', 'y'], judgements)).toBe(0);
    expect(ndcgAt(['a'], new Map())).toBe(0);
  });

  it('nDCG only looks at the first k', () => {
    expect(ndcgAt(['x', 'a'], judgements, 1)).toBe(0);
  });

  it('recall counts judged-relevant documents in the first k', () => {
    expect(recallAt(['a', 'x', 'c'], judgements, 100)).toBeCloseTo(2 / 3, 12);
    expect(recallAt(['a', 'x', 'c'], judgements, 1)).toBeCloseTo(1 / 3, 12);
  });

  it('percentiles by nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 99)).toBe(99);
  });

  it('prints a markdown table', () => {
    expect(table(['mode', 'nDCG'], [['bm25', '0.32']])).toBe('| mode | nDCG |\n|------|------|\n| bm25 | 0.32 |');
  });
});
