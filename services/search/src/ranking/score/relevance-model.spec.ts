import { describe, expect, it } from '@jest/globals';
import { relevanceProbability, toRelevanceScale, type RelevanceCalibration } from './relevance-model.js';
import { SIGNAL_NAMES, type RelevanceSignals } from './relevance-signals.js';

const model: RelevanceCalibration = {
  signals: SIGNAL_NAMES,
  weights: [2, 0, 0, 0, 1, 1, 0],
  bias: 0,
  means: [0.5, 0, 0, 0, 0.3, 0.4, 0],
  scales: [0.25, 1, 1, 1, 0.1, 1, 1],
  threshold: 0.6,
  embedderModelId: 'encoder-a',
};
const signals = (coverage: number, vectorSimilarity: number | null): RelevanceSignals => ({
  coverage,
  specificCoverage: 0,
  headlineCoverage: 0,
  missingSpecificity: 0,
  vectorSimilarity,
  subjectCoverage: null,
  concepts: 1,
});

describe('toRelevanceScale', () => {
  it('maps the calibrated threshold to exactly 6 and the ends to 0 and 10', () => {
    expect(toRelevanceScale(0.57, 0.57)).toBe(6);
    expect(toRelevanceScale(0, 0.57)).toBe(0);
    expect(toRelevanceScale(1, 0.57)).toBe(10);
    expect(toRelevanceScale(0.56, 0.57)).toBeLessThan(6);
    expect(toRelevanceScale(0.58, 0.57)).toBeGreaterThan(6);
  });
});

describe('relevanceProbability', () => {
  it('rises with the signals the model weighs', () => {
    expect(relevanceProbability(model, signals(0.9, 0.3), 'encoder-a')).toBeGreaterThan(relevanceProbability(model, signals(0.5, 0.3), 'encoder-a'));
    expect(relevanceProbability(model, signals(0.5, 0.3), 'encoder-a')).toBeCloseTo(0.5, 6);
  });

  it("reads the vector similarity only from the embedder it was fitted on, else takes the fitting data's mean", () => {
    expect(relevanceProbability(model, signals(0.5, 0.6), 'encoder-a')).toBeGreaterThan(0.9);
    expect(relevanceProbability(model, signals(0.5, 0.6), 'encoder-b')).toBeCloseTo(0.5, 6);
    expect(relevanceProbability(model, signals(0.5, null), 'encoder-a')).toBeCloseTo(0.5, 6);
  });

  it('lets a missing subject reading weigh nothing, and a present one count', () => {
    expect(relevanceProbability(model, { ...signals(0.5, 0.3), subjectCoverage: null }, 'encoder-a')).toBeCloseTo(0.5, 6);
    expect(relevanceProbability(model, { ...signals(0.5, 0.3), subjectCoverage: 0.9 }, 'encoder-a')).toBeGreaterThan(0.6);
  });
});
