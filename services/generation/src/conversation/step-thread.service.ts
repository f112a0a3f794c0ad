import { Injectable } from '@nestjs/common';
import { ContextSearch } from '../context/context-search.js';
import type { Searcher } from '../context/search-scope.js';
import { AppError } from '@cairn/platform';
import { questionInContext, validateChatMessage } from '@cairn/rules';
import type { StepThreadBody } from '../protocols/protocol.schemas.js';
import { judge } from '../grounding/grounding-check.js';
import { claimConflictWithSource } from '../grounding/claim-check.js';
import { citationsAsSources, withProtocolSteps } from '../sources/citations-as-sources.js';
import { passagesCutFrom, withWholePassages } from '../sources/complete-sources.js';
import { foundSources } from '../sources/found-sources.js';
import type { Source } from '../sources/source.js';
import { answerSentences, composeAnswer, notInSources } from './passage-answer.js';
import { readChatShorthand } from './chat-shorthand.js';
import { questionOnTheStep } from './step-referent.js';

const NOT_STATED = 'The cited source does not state this step as written. Check it against the source before acting on it.';

/**
 * `POST /protocols/step-thread`: answers a question about one step from the sources the protocol
 * cites, read whole (the client sends excerpts cut short) where search finds the passage.
 */
@Injectable()
export class StepThreadService {
  constructor(private readonly contextSearch: ContextSearch) {}

  async answer(body: StepThreadBody, user: Searcher): Promise<{ message: string }> {
    const problem = validateChatMessage(body.message);
    if (problem) throw new AppError(400, 'invalid_message', problem);
    const question = readChatShorthand(questionInContext(body.message, body.thread_history));
    const [onStep, asked, onTopic] = await Promise.all([
      this.contextSearch.search(body.step_text, user, 6),
      this.contextSearch.find(question, user),
      this.contextSearch.search(`${body.protocol_title} ${questionOnTheStep(question, body.step_text)}`, user),
    ]);
    const { understanding } = asked;
    const given = citationsAsSources(body.protocol_citations);
    const searched = [...onStep, ...onTopic, ...asked.passages];
    const passages = [...searched, ...(await passagesCutFrom(given, searched, (kept) => this.contextSearch.search(kept, user, 1)))];
    const sources = withWholePassages(given, passages);
    const found = foundSources(sources, passages, [body.protocol_title, body.step_text, question, ...(understanding.expansions ?? []), ...sources.map((source) => source.title)]);
    const cited = Number(body.step_citation);
    const withStep = withProtocolSteps(sources, { checklist: [{ text: body.step_text, citation: cited }] });
    const ordered = [...withStep].sort((a, b) => Number(b.id === cited) - Number(a.id === cited));
    const byId = new Map([...sources, ...found].map((source) => [source.id, source]));
    const answer = answerSentences({
      question: understanding.correctedQuery || question,
      expansions: understanding.expansions,
      topic: body.protocol_title,
      focus: body.step_text,
      sources: [...ordered, ...found],
      admissible: (sentence) => claimConflictWithSource(sentence.text, byId.get(sentence.sourceId)!.text) === null,
    });
    const uncited = new Set(found.map((source) => source.id));
    if ('sentences' in answer) return { message: composeAnswer(answer.sentences, (id) => (uncited.has(id) ? namedCitation(byId.get(id)!) : `[${id}]`)) };
    if (answer.unanswered.length > 0) return { message: notInSources(answer.unanswered, answer.asked) };
    const source = byId.get(cited);
    if (!source) return { message: `The cited source says no more about this step than the step itself: ${body.step_text.trim()}` };
    if (judge(body.step_text, source) !== null) return { message: `${NOT_STATED} [${cited}]` };
    return { message: `The cited source says no more about this step than the step itself: ${body.step_text.trim()} [${cited}]` };
  }
}

/** A source the protocol does not cite, as an answer names it: '[WHO: Dengue guidelines]'. */
const namedCitation = (source: Source) => `[${[source.organization, source.title].filter(Boolean).join(': ')}]`;
