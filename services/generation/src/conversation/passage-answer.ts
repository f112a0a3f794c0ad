import { tokenize, type FollowUpKeywordGroup } from '@cairn/rules';
import { sentencesOf, type SourceSentence } from '../sources/sentences.js';
import type { Source } from '../sources/source.js';
import { similarity } from '../generators/step-selection.js';

const GROUP_SIGNALS: Partial<Record<FollowUpKeywordGroup, RegExp>> = {
  dosage: /\d+(\.\d+)?\s*(mg|ml|g|mcg|microgram|units?|iu|mmol)|\bdose\b/i,
  timing: /\b(within|every|after|before|hours?|minutes?|days?|weeks?|immediately|at once)\b/i,
  safety: /\b(do not|don't|avoid|never|contraindicat\w*|caution|pregnan\w*|allerg\w*|bleeding risk)\b/i,
  complications: /\b(complications?|shock|bleed\w*|failure|deteriorat\w*|severe|warning signs?)\b/i,
  symptoms: /\b(symptoms?|signs?|fever|pain|rash|vomit\w*|headache|drows\w*)\b/i,
};

export interface AnswerSentence {
  text: string;
  sourceId: number;
  /** How much of the question the sentence covers, 0..1. */
  coverage: number;
}

const MAX_ANSWER_SENTENCES = 3;

/** How much of a question a sentence covers: the share of the question's content words it has, 0..1. */
export function questionCoverage(question: string, sentence: string): number {
  const questionStems = [...new Set(tokenize(question))];
  const stems = new Set(tokenize(sentence));
  return questionStems.length ? questionStems.filter((stem) => stems.has(stem)).length / questionStems.length : 0;
}

/**
 * Picks the sentences of the sources that best answer a question about a topic: words of the question
 * first, the topic next, the kind of answer asked for (a dose, a time, a caution) after. Sentences are
 * quoted as the source words them; `admissible` keeps out those the source they come from does not state.
 */
export function answerSentences(
  question: string,
  topic: string,
  groups: FollowUpKeywordGroup[],
  sources: Source[],
  admissible: (sentence: SourceSentence) => boolean = () => true,
): AnswerSentence[] {
  const questionStems = [...new Set(tokenize(question))];
  const topicStems = [...new Set(tokenize(topic))].filter((stem) => !questionStems.includes(stem));
  const candidates = sources
    .flatMap(sentencesOf)
    .filter(admissible)
    .map((sentence: SourceSentence) => {
    const stems = new Set(tokenize(sentence.text));
    const coverage = questionStems.length ? questionStems.filter((stem) => stems.has(stem)).length / questionStems.length : 0;
    const topical = topicStems.length ? topicStems.filter((stem) => stems.has(stem)).length / topicStems.length : 0;
    const signal = groups.some((group) => GROUP_SIGNALS[group]?.test(sentence.text)) ? 1 : 0;
    return { sentence, stems, coverage, score: 2 * coverage + 0.5 * topical + signal - 0.001 * sentence.position };
  });
  const chosen: typeof candidates = [];
  for (const candidate of candidates.filter((c) => c.coverage > 0 || c.score >= 1).sort((a, b) => b.score - a.score)) {
    if (chosen.some((picked) => similarity(picked.stems, candidate.stems) >= 0.6)) continue;
    chosen.push(candidate);
    if (chosen.length === MAX_ANSWER_SENTENCES) break;
  }
  return chosen.map(({ sentence, coverage }) => ({ text: sentence.text, sourceId: sentence.sourceId, coverage }));
}

/** "Sentence one. [2] Sentence two. [1]" — each sentence followed by the number of its source. */
export function citedText(sentences: AnswerSentence[]): string {
  return sentences.map((sentence) => `${sentence.text.replace(/\s+/g, ' ').trim()} [${sentence.sourceId}]`).join(' ');
}
