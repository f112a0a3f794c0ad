import type { Source } from '../sources/source.js';
import { claimConflictWithSource, type ClaimConflict } from './claim-check.js';
import { contentStems, support } from './support.js';

/** A step counts as supported by a source when this share of its content is in the source. */
export const SUPPORT_THRESHOLD = 0.75;

export interface CitedStep {
  text: string;
  explanation: string;
  citation: number;
  citations: number[];
}

/** Why a step was dropped: no source carries its words, or the sources that do say otherwise. */
export type DropReason = 'unsupported' | ClaimConflict;
export const DROP_REASONS: readonly DropReason[] = ['unsupported', 'polarity', 'quantity', 'frequency', 'population'];

export interface GroundingReport {
  supported: number;
  recited: number;
  /** All dropped steps; `dropReasons` splits them by reason. */
  dropped: number;
  dropReasons: Record<DropReason, number>;
}

/** `cairn_generated_steps_total{outcome}` values of a report: supported, recited, dropped_<reason>. */
export function groundingOutcomes(report: GroundingReport): Record<string, number> {
  const outcomes: Record<string, number> = { supported: report.supported, recited: report.recited };
  for (const reason of DROP_REASONS) outcomes[`dropped_${reason}`] = report.dropReasons[reason];
  return outcomes;
}

/**
 * What a source says about a text: null when it supports it (75 % of its content words there, its
 * numbers stated, and the same polarity, amounts, times and populations as the sentences carrying
 * those words), else why not.
 */
export function judge(text: string, source: Source, sourceStems = contentStems(source.text)): DropReason | null {
  if (support(text, source.text, sourceStems) < SUPPORT_THRESHOLD) return 'unsupported';
  return claimConflictWithSource(text, source.text);
}

/**
 * Keeps only what the sources support: a step whose cited source does not support it is re-cited to
 * the source that supports it best, or dropped when none does. `citations` keeps the supporting
 * sources only; an explanation its source does not support is emptied. Runs on every generator's
 * output, extractive or LLM.
 */
export function groundSteps(steps: CitedStep[], sources: Source[]): { steps: CitedStep[]; report: GroundingReport } {
  const stems = new Map(sources.map((source) => [source.id, contentStems(source.text)]));
  const report: GroundingReport = { supported: 0, recited: 0, dropped: 0, dropReasons: { unsupported: 0, polarity: 0, quantity: 0, frequency: 0, population: 0 } };
  const grounded: CitedStep[] = [];
  for (const step of steps) {
    const scores = new Map(sources.map((source) => [source.id, support(step.text, source.text, stems.get(source.id))]));
    const verdicts = new Map(
      sources.map((source) => [source.id, scores.get(source.id)! < SUPPORT_THRESHOLD ? ('unsupported' as const) : claimConflictWithSource(step.text, source.text)]),
    );
    const supporting = sources.map((source) => source.id).filter((id) => verdicts.get(id) === null);
    if (supporting.length === 0) {
      report.dropped++;
      report.dropReasons[dropReason(step, sources, verdicts, scores)]++;
      continue;
    }
    const cited = supporting.includes(step.citation) ? step.citation : supporting.sort((a, b) => scores.get(b)! - scores.get(a)!)[0];
    if (cited === step.citation) report.supported++;
    else report.recited++;
    const citations = [cited, ...step.citations.filter((id) => id !== cited && supporting.includes(id))];
    const citedSource = sources.find((source) => source.id === cited)!;
    const explanationHolds = step.explanation !== '' && judge(step.explanation, citedSource, stems.get(cited)) === null;
    grounded.push({ ...step, citation: cited, citations, explanation: explanationHolds ? step.explanation : '' });
  }
  return { steps: grounded, report };
}

/** The contradiction found in the cited source if its words support the step, else in the source that carries them best. */
function dropReason(step: CitedStep, sources: Source[], verdicts: Map<number, DropReason | null>, scores: Map<number, number>): DropReason {
  const cited = verdicts.get(step.citation);
  if (cited && cited !== 'unsupported') return cited;
  const best = [...sources].sort((a, b) => scores.get(b.id)! - scores.get(a.id)!).find((source) => verdicts.get(source.id) !== 'unsupported');
  return best ? verdicts.get(best.id)! : 'unsupported';
}
