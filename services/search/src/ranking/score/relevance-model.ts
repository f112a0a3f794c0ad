import { RANKING_PROFILE } from '../ranking-profile.js';
import { signalVector, type RelevanceSignals } from './relevance-signals.js';

/** A logistic model over the relevance signals, and the probability that reads as the relevance line (6). */
export interface RelevanceCalibration {
  signals: readonly string[];
  weights: number[];
  bias: number;
  /** Each signal's mean and spread on the fitting data (inputs are standardised with them). */
  means: number[];
  scales: number[];
  /** The probability of relevance that reads exactly 6. */
  threshold: number;
  /** The embedder whose similarities the model was fitted on; another embedder's are not read. */
  embedderModelId: string | null;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** The probability (0..1) that a hit with these signals is about the query. */
export function relevanceProbability(calibration: RelevanceCalibration, signals: RelevanceSignals, embedderModelId: string | null): number {
  const readable = embedderModelId !== null && embedderModelId === calibration.embedderModelId ? signals : { ...signals, vectorSimilarity: null };
  let logit = calibration.bias;
  signalVector(readable).forEach((value, index) => {
    if (value !== null) logit += calibration.weights[index] * ((value - calibration.means[index]) / calibration.scales[index]);
  });
  return sigmoid(logit);
}

const { top, line, decimals } = RANKING_PROFILE.score.scale;
const rounding = 10 ** decimals;

/** Maps a probability onto 0–top so that the calibrated threshold reads exactly the relevance line, rounded to `decimals`. */
export function toRelevanceScale(probability: number, threshold: number): number {
  const scaled = probability <= threshold ? (line * probability) / threshold : line + ((top - line) * (probability - threshold)) / (1 - threshold);
  return Math.round(Math.min(top, Math.max(0, scaled)) * rounding) / rounding;
}
