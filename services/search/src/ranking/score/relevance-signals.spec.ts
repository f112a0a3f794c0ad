import { describe, expect, it } from '@jest/globals';
import { stem } from '@cairn/rules';
import type { Concept } from './relevance.js';
import { relevanceSignals, subjectCoverage, type SubjectPhrase } from './relevance-signals.js';

const concept = (word: string, specificity: number, weight = 1): Concept => ({ weight, specificity, alternatives: [[stem(word)]] });
const stems = (text: string) => new Set(text.split(' ').map(stem));
const hit = (headline: string, text: string, subjects: SubjectPhrase[] = []) => ({ headline: stems(headline), text: stems(text), subjects });
const subject = (text: string, specificity: number[]): SubjectPhrase => ({ stems: text.split(' ').map(stem), specificity });

describe('relevanceSignals', () => {
  const concepts = [concept('statins', 1), concept('side', 0.1), concept('pregnancy', 0.3)];

  it('counts headline finds fully, text finds at 0.85, and weighs rare words more in the specific coverage', () => {
    const signals = relevanceSignals(concepts, hit('statins', 'pregnancy'), 0.42);
    expect(signals.coverage).toBeCloseTo((1 + 0.85) / 3, 6);
    expect(signals.specificCoverage).toBeCloseTo(1.3 / 1.4, 6);
    expect(signals.headlineCoverage).toBeCloseTo(1 / 3, 6);
    expect(signals.missingSpecificity).toBeCloseTo(0.1, 6);
    expect(signals).toMatchObject({ vectorSimilarity: 0.42, concepts: 3 });
  });

  it('names the most specific concept a hit lacks', () => {
    expect(relevanceSignals(concepts, hit('', 'side pregnancy'), null).missingSpecificity).toBe(1);
    expect(relevanceSignals([], hit('', ''), null)).toMatchObject({ coverage: 0, specificCoverage: 0, missingSpecificity: 0 });
  });

  it("reads how much of the hit's subject the query names, the best subject phrase counting; an untitled hit gives no reading", () => {
    const caffeine = subject('fatal caffeine poisoning', [0.2, 0.9, 0.5]);
    expect(subjectCoverage([concept('amiodarone', 1), concept('poisoning', 0.5)], [caffeine])).toBeCloseTo(0.5 / 1.6, 6);
    expect(subjectCoverage([concept('statins', 1)], [caffeine, subject('statins', [1])])).toBe(1);
    expect(subjectCoverage([concept('statins', 1)], [])).toBeNull();
    expect(subjectCoverage([concept('statins', 1)], [caffeine])).toBe(0);
    expect(relevanceSignals([concept('caffeine', 0.9)], hit('', 'caffeine', [caffeine]), null).subjectCoverage).toBeCloseTo(0.9 / 1.6, 6);
  });
});
