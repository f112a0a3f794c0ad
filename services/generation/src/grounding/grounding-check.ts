import type { Source } from '../sources/source.js';
import { contentStems, support } from './support.js';

/** A step counts as supported by a source when this share of its content is in the source. */
export const SUPPORT_THRESHOLD = 0.75;

export interface CitedStep {
  text: string;
  explanation: string;
  citation: number;
  citations: number[];
}

export interface GroundingReport {
  supported: number;
  recited: number;
  dropped: number;
}

/**
 * Keeps only what the sources support: a step whose cited source does not support it is re-cited to
 * the source that supports it best, or dropped when none does. `citations` keeps the supporting
 * sources only. Runs on every generator's output, extractive or LLM.
 */
export function groundSteps(steps: CitedStep[], sources: Source[]): { steps: CitedStep[]; report: GroundingReport } {
  const stems = new Map(sources.map((source) => [source.id, contentStems(source.text)]));
  const byId = new Map(sources.map((source) => [source.id, source]));
  const report: GroundingReport = { supported: 0, recited: 0, dropped: 0 };
  const grounded: CitedStep[] = [];
  for (const step of steps) {
    const scores = new Map(sources.map((source) => [source.id, support(step.text, source.text, stems.get(source.id))]));
    const supporting = sources.map((source) => source.id).filter((id) => scores.get(id)! >= SUPPORT_THRESHOLD);
    if (supporting.length === 0) {
      report.dropped++;
      continue;
    }
    const cited = supporting.includes(step.citation) ? step.citation : supporting.sort((a, b) => scores.get(b)! - scores.get(a)!)[0];
    if (cited === step.citation) report.supported++;
    else report.recited++;
    const citations = [cited, ...step.citations.filter((id) => id !== cited && supporting.includes(id))];
    const citedSource = byId.get(cited)!;
    const explanationHolds = support(step.explanation, citedSource.text, stems.get(cited)) >= SUPPORT_THRESHOLD;
    grounded.push({ ...step, citation: cited, citations, explanation: explanationHolds ? step.explanation : '' });
  }
  return { steps: grounded, report };
}
