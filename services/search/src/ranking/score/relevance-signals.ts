import { RANKING_PROFILE } from '../ranking-profile.js';
import type { Concept } from './relevance.js';

/** What the relevance model reads of one hit for one query; each is on the same footing for every collection. */
export interface RelevanceSignals {
  /** Weighted share of the query's concepts the hit holds (headline finds count fully, text finds 0.85). */
  coverage: number;
  /** The same share, each concept weighted by how specific its words are: the rare words of a long question. */
  specificCoverage: number;
  /** Share of the concepts named by the title, disease, topics or section heading. */
  headlineCoverage: number;
  /** Specificity of the most specific concept the hit lacks (0 when it holds them all). */
  missingSpecificity: number;
  /** Cosine similarity of query and hit in the embedder's space; null when no vector ranking ran. */
  vectorSimilarity: number | null;
  /** Specificity-weighted share of the hit's subject (its title, title lead or a bracketed name, the best) that the query names; null for an untitled hit. */
  subjectCoverage: number | null;
  /** How many concepts the query has. */
  concepts: number;
}

/** A phrase saying what a document is about, as stems with each word's specificity. */
export interface SubjectPhrase {
  stems: string[];
  specificity: number[];
}

/** The stems of a hit the signals read: its headline, its text and the phrases of its subject. */
export interface HitStems {
  headline: ReadonlySet<string>;
  text: ReadonlySet<string>;
  subjects: readonly SubjectPhrase[];
}

export const SIGNAL_NAMES = ['coverage', 'specificCoverage', 'headlineCoverage', 'missingSpecificity', 'vectorSimilarity', 'subjectCoverage', 'queryLength'] as const;

/** Whether a stem set holds a concept: all stems of one of its alternatives. */
export const holds = (concept: Concept, set: ReadonlySet<string>) => concept.alternatives.some((alternative) => alternative.every((s) => set.has(s)));

/**
 * How much of the hit's subject the query asks about: a study of caffeine poisoning that mentions
 * amiodarone covers "amiodarone dose" but is not about it. The best of its subject phrases counts.
 */
export function subjectCoverage(concepts: Concept[], subjects: readonly SubjectPhrase[]): number | null {
  if (subjects.length === 0) return null;
  const asked = new Set(concepts.flatMap((concept) => concept.alternatives.flat()));
  let best = 0;
  for (const { stems, specificity } of subjects) {
    const total = specificity.reduce((sum, value) => sum + value, 0);
    if (total > 0) best = Math.max(best, stems.reduce((sum, s, i) => sum + (asked.has(s) ? specificity[i] : 0), 0) / total);
  }
  return best;
}

export function relevanceSignals(concepts: Concept[], { headline, text, subjects }: HitStems, vectorSimilarity: number | null): RelevanceSignals {
  let total = 0;
  let found = 0;
  let specificTotal = 0;
  let specificFound = 0;
  let named = 0;
  let missing = 0;
  for (const concept of concepts) {
    const inHeadline = holds(concept, headline);
    const match = inHeadline ? HEADLINE_MATCH : holds(concept, text) ? TEXT_MATCH : 0;
    const specific = concept.weight * concept.specificity;
    total += concept.weight;
    found += concept.weight * match;
    specificTotal += specific;
    specificFound += match > 0 ? specific : 0;
    named += inHeadline ? concept.weight : 0;
    if (match === 0) missing = Math.max(missing, concept.weight * concept.specificity);
  }
  const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
  return {
    coverage: share(found, total),
    specificCoverage: share(specificFound, specificTotal),
    headlineCoverage: share(named, total),
    missingSpecificity: missing,
    vectorSimilarity,
    subjectCoverage: subjectCoverage(concepts, subjects),
    concepts: concepts.length,
  };
}

/** What a concept found in the headline counts, and found in the text (a little less). */
export const { headlineMatch: HEADLINE_MATCH, textMatch: TEXT_MATCH } = RANKING_PROFILE.score;

/** The signals as the model's inputs, in SIGNAL_NAMES order; null where a hit gives no reading (no vector ranking ran, no title). */
export function signalVector(signals: RelevanceSignals): (number | null)[] {
  return [
    signals.coverage,
    signals.specificCoverage,
    signals.headlineCoverage,
    signals.missingSpecificity,
    signals.vectorSimilarity,
    signals.subjectCoverage,
    Math.log1p(signals.concepts),
  ];
}
