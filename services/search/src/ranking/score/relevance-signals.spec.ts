import { describe, expect, it } from '@jest/globals';
import { stem } from '@cairn/rules';
import type { Concept } from './relevance.js';
import { relevanceSignals } from './relevance-signals.js';

const concept = (word: string, specificity: number, weight = 1): Concept => ({ weight, specificity, alternatives: [[stem(word)]] });
const stems = (text: string) => new Set(text.split(' ').map(stem));

describe('relevanceSignals', () => {
  const concepts = [concept('statins', 1), concept('side', 0.1), concept('pregnancy', 0.3)];

  it('counts headline finds fully, text finds at 0.85, and weighs rare words more in the specific coverage', () => {
    const signals = relevanceSignals(concepts, stems('statins'), stems('pregnancy'), 0.42);
    expect(signals.coverage).toBeCloseTo((1 + 0.85) / 3, 6);
    expect(signals.specificCoverage).toBeCloseTo(1.3 / 1.4, 6);
    expect(signals.headlineCoverage).toBeCloseTo(1 / 3, 6);
    expect(signals.missingSpecificity).toBeCloseTo(0.1, 6);
    expect(signals).toMatchObject({ vectorSimilarity: 0.42, concepts: 3 });
  });

  it('names the most specific concept a hit lacks', () => {
    expect(relevanceSignals(concepts, new Set(), stems('side pregnancy'), null).missingSpecificity).toBe(1);
    expect(relevanceSignals([], new Set(), new Set(), null)).toMatchObject({ coverage: 0, specificCoverage: 0, missingSpecificity: 0 });
  });
});
