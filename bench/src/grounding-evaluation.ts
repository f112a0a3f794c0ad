import { groundSteps, support, SUPPORT_THRESHOLD } from '@cairn/generation';
import type { GroundingPair } from './grounding-pairs.js';

export interface GroundingScore {
  flipped: number;
  flippedPassing: number;
  faithful: number;
  faithfulDropped: number;
  /** The same pairs judged by word overlap alone (the check before claims were compared). */
  overlapFlippedPassing: number;
  overlapFaithfulDropped: number;
  failures: GroundingPair[];
}

/** Whether the grounding check keeps the step when it cites the pair's source. */
export function keeps(pair: GroundingPair): boolean {
  const source = { id: 1, text: pair.source, title: 'Source 1', organization: '', year: null, region: '', url: '', section: '' };
  return groundSteps([{ text: pair.step, explanation: '', citation: 1, citations: [1] }], [source]).steps.length === 1;
}

export function scoreGrounding(pairs: GroundingPair[]): GroundingScore {
  const score: GroundingScore = { flipped: 0, flippedPassing: 0, faithful: 0, faithfulDropped: 0, overlapFlippedPassing: 0, overlapFaithfulDropped: 0, failures: [] };
  for (const pair of pairs) {
    const kept = keeps(pair);
    const overlapKept = support(pair.step, pair.source) >= SUPPORT_THRESHOLD;
    if (pair.label === 'flipped') {
      score.flipped++;
      if (kept) score.flippedPassing++;
      if (overlapKept) score.overlapFlippedPassing++;
    } else {
      score.faithful++;
      if (!kept) score.faithfulDropped++;
      if (!overlapKept) score.overlapFaithfulDropped++;
    }
    if (kept !== (pair.label === 'faithful')) score.failures.push(pair);
  }
  return score;
}
