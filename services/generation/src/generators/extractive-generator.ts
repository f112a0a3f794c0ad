import { cleanSteps, MAX_STEPS } from '@cairn/rules';
import type { CitedStep } from '../grounding/grounding-check.js';
import { sentencesOf, type SourceSentence } from '../sources/sentences.js';
import type { Source } from '../sources/source.js';
import type { GeneratedProtocol, GenerationRequest, Generator } from './generator.port.js';
import { onTopicSources, subjectStems, understoodStems } from './on-topic-sources.js';
import { scoreSentence, similarity, type ScoredSentence } from './step-selection.js';
import { populations } from '../grounding/claim-check.js';

const NEAR_DUPLICATE = 0.6;
const MIN_ACTIONABLE_BEFORE_STATEMENTS = 5;

interface Draft {
  sentence: ScoredSentence;
  citations: number[];
}

function explanationFor(step: ScoredSentence, pool: ScoredSentence[], used: Set<SourceSentence>): string {
  let best: { text: string; value: number } = { text: '', value: 0.15 };
  for (const candidate of pool) {
    if (candidate.sourceId !== step.sourceId || candidate === step || used.has(candidate)) continue;
    const nearby = Math.abs(candidate.position - step.position) <= 2 ? 0.2 : 0;
    const value = similarity(step.stems, candidate.stems) + nearby + (candidate.actionable ? 0 : 0.1);
    if (value > best.value) best = { text: candidate.text, value };
  }
  return best.text;
}

/**
 * Builds checklist steps only from sentences of the sources about the question as search understood
 * it (see onTopicSources): instructions first, in clinical order
 * (recognise, act, treat, cautions, monitor, refer), near-duplicates across sources merged into one
 * step citing each of them, cleaned by the spec's step rules. Deterministic.
 */
export class ExtractiveGenerator implements Generator {
  readonly name = 'extractive';
  readonly followsInstructions = false;

  async generate(request: GenerationRequest): Promise<GeneratedProtocol> {
    const queryStems = understoodStems(request.title, request.understanding);
    const context = {
      queryStems,
      populations: populations(`${request.title} ${request.understanding?.correctedQuery ?? ''}`),
      intent: request.intent,
      sourceTopics: new Map(request.sources.map((source: Source) => [source.id, subjectStems(source)])),
      onTopic: onTopicSources(request.sources, queryStems),
    };
    const scored = request.sources
      .flatMap(sentencesOf)
      .map((sentence) => scoreSentence(sentence, context))
      .filter((sentence): sentence is ScoredSentence => sentence !== null)
      .sort((a, b) => b.score - a.score);

    const drafts: Draft[] = [];
    for (const sentence of scored) {
      const duplicate = drafts.find((draft) => similarity(draft.sentence.stems, sentence.stems) >= NEAR_DUPLICATE);
      if (duplicate) {
        if (!duplicate.citations.includes(sentence.sourceId)) duplicate.citations.push(sentence.sourceId);
      } else {
        drafts.push({ sentence, citations: [sentence.sourceId] });
      }
    }
    const phaseOrder = (draft: Draft) => (request.intent === 'emergency' && draft.sentence.phase === 1 ? -1 : draft.sentence.phase);
    const actions = drafts
      .filter((draft) => draft.sentence.actionable)
      .slice(0, MAX_STEPS + 4)
      .sort((a, b) => phaseOrder(a) - phaseOrder(b) || a.sentence.sourceId - b.sentence.sourceId || a.sentence.position - b.sentence.position);
    const statements = actions.length < MIN_ACTIONABLE_BEFORE_STATEMENTS ? drafts.filter((draft) => !draft.sentence.actionable) : [];
    const chosen = [...actions, ...statements];
    const used = new Set<SourceSentence>(chosen.map((draft) => draft.sentence));
    const steps: CitedStep[] = chosen.map((draft) => ({
      text: draft.sentence.text,
      explanation: explanationFor(draft.sentence, scored, used),
      citation: draft.sentence.sourceId,
      citations: draft.citations,
    }));
    return { steps: cleanSteps(steps) };
  }
}
