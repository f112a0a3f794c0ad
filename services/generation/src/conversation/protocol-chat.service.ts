import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Passage } from '@cairn/contracts';
import { AppError, forbidden } from '@cairn/platform';
import {
  classifyIntent,
  cleanChatMessage,
  followUpKeywordGroups,
  questionInContext,
  suggestFollowUps,
  validateChatMessage,
  type FollowUpCategory,
} from '@cairn/rules';
import { ContextSearch } from '../context/context-search.js';
import type { Searcher } from '../context/search-scope.js';
import { GENERATOR, type DraftSentence, type Generator } from '../generators/generator.port.js';
import { claimConflictWithSource } from '../grounding/claim-check.js';
import { judge } from '../grounding/grounding-check.js';
import type { ConversationBody } from '../protocols/protocol.schemas.js';
import { screenFollowUp } from '../screening/query-screening.js';
import { citationsAsSources, requestCitations, withProtocolSteps } from '../sources/citations-as-sources.js';
import { passagesCutFrom, withWholePassages } from '../sources/complete-sources.js';
import type { Source } from '../sources/source.js';
import type { QueryUnderstanding } from '../generators/on-topic-sources.js';
import { foundSources } from '../sources/found-sources.js';
import { readChatShorthand } from './chat-shorthand.js';
import { answerSentences, composeAnswer, notInSources, questionCoverage, type AnswerSentence } from './passage-answer.js';

const PARTLY_ANSWERED = 0.5;
const UNCERTAIN = "The protocol's sources only partly answer this. Check local guidance or ask a senior colleague before acting on it.";
const UNANSWERED = 'Check local guidance or ask a senior colleague.';

/** What a follow-up answer is drawn from: the protocol's sources, the new ones search found, and the sentences they answer with. */
export interface AnswerContext {
  /** As the clinician wrote it (with the message it follows), for the model. */
  question: string;
  /** The question with its shorthand written out, as search and the composer read it. */
  written: string;
  topic: string;
  sources: Source[];
  found: Source[];
  followUps: ConversationAnswer['follow_up_questions'];
  history: ConversationBody['conversation_history'];
  /** The sentences of the sources that answer, the answering one first. */
  extracted: AnswerSentence[];
  /** The question words no source mentions. */
  unanswered: string[];
  /** What the sources name but do not say (a dose), when that is why they do not answer. */
  unansweredAsked?: 'dose';
}

export interface ConversationAnswer {
  answer: string;
  follow_up_questions: { text: string; category: FollowUpCategory }[];
  citations: { id: number; title: string; organization: string; source_url: string; excerpt: string; relevance_score: number; hospital?: string }[];
  uncertainty_note: string | null;
  used_new_sources: boolean;
}

const CATEGORIES: FollowUpCategory[] = ['dosage', 'symptoms', 'complications', 'timing', 'safety'];

/** `POST /protocols/conversation`: answers a question about a shown protocol from its sources (and, if asked, new ones). */
@Injectable()
export class ProtocolChatService {
  private readonly logger = new Logger('ProtocolChat');

  constructor(
    private readonly contextSearch: ContextSearch,
    @Inject(GENERATOR) private readonly generator: Generator,
  ) {}

  async answer(body: ConversationBody, user: Searcher): Promise<ConversationAnswer> {
    const prepared = await this.prepare(body, user);
    if ('answer' in prepared) return prepared.answer;
    return this.compose(prepared, (await this.modelSentences(prepared)) ?? prepared.extracted);
  }

  /** What an answer is drawn from, or the answer itself (a greeting); a refused message throws. */
  async prepare(body: ConversationBody, user: Searcher): Promise<{ answer: ConversationAnswer } | AnswerContext> {
    if (body.user_id && body.user_id !== user.uid) throw forbidden();
    const problem = validateChatMessage(body.message);
    if (problem) throw new AppError(400, 'invalid_message', problem);
    const message = cleanChatMessage(body.message);
    const question = questionInContext(message, body.conversation_history);
    const topic = body.concept_title.trim() || 'this protocol';
    const readMessage = readChatShorthand(message);
    const intent = classifyIntent(`${topic} ${readMessage}`);
    const groups = followUpKeywordGroups(readMessage);
    const asked = CATEGORIES.filter((category) => (groups as string[]).includes(category));
    const followUps = suggestFollowUps(topic, intent, asked);
    const given = citationsAsSources(requestCitations(body.citations_list, body.protocol_json));
    const protocolText = [topic, ...withProtocolSteps(given, body.protocol_json).map((source) => `${source.title} ${source.text}`)].join(' ');
    const refusal = screenFollowUp(message, protocolText);
    if (refusal?.category === 'greeting') {
      return { answer: { answer: refusal.message, follow_up_questions: followUps, citations: [], uncertainty_note: null, used_new_sources: false } };
    }
    if (refusal && refusal.category !== 'too_short') throw new AppError(400, refusal.category, refusal.message);

    const written = readChatShorthand(question);
    const searched = await this.searched(written, topic, user, body.enable_context_search);
    const { understanding } = searched;
    const completing = body.enable_context_search ? await passagesCutFrom(given, searched.passages, (kept) => this.contextSearch.search(kept, user, 1)) : [];
    const passages = [...searched.passages, ...completing];
    const cited = withWholePassages(given, passages);
    const known = withProtocolSteps(cited, body.protocol_json);
    const found = foundSources(cited, passages, [topic, written, understanding.correctedQuery ?? '', ...(understanding.expansions ?? []), ...cited.map((source) => source.title)]);
    const sources = [...known, ...found];
    const original = new Map([...cited, ...found].map((source) => [source.id, source.text]));
    const extracted = answerSentences({
      question: understanding.correctedQuery || written,
      expansions: understanding.expansions,
      topic,
      sources,
      admissible: (sentence) => claimConflictWithSource(sentence.text, original.get(sentence.sourceId) ?? '') === null,
    });
    return {
      question,
      written,
      topic,
      sources,
      found,
      followUps,
      history: body.conversation_history,
      extracted: 'sentences' in extracted ? extracted.sentences : [],
      unanswered: 'unanswered' in extracted ? extracted.unanswered : [],
      unansweredAsked: 'unanswered' in extracted ? extracted.asked : undefined,
    };
  }

  /** The answer the client reads, from the sentences that hold. */
  compose(context: AnswerContext, sentences: AnswerSentence[]): ConversationAnswer {
    const { sources, found, followUps } = context;
    if (sentences.length === 0) {
      return { answer: notInSources(context.unanswered, context.unansweredAsked), follow_up_questions: followUps, citations: [], uncertainty_note: UNANSWERED, used_new_sources: false };
    }
    const byId = new Map(sources.map((source) => [source.id, source]));
    const usedIds = [...new Set(sentences.map((sentence) => sentence.sourceId))];
    const best = Math.max(...sentences.map((sentence) => sentence.coverage));
    return {
      answer: composeAnswer(sentences),
      follow_up_questions: followUps,
      citations: usedIds.map((id) => {
        const source = byId.get(id)!;
        const own = sentences.filter((sentence) => sentence.sourceId === id);
        return {
          id,
          title: source.title,
          organization: source.organization,
          source_url: source.url,
          excerpt: own[0].text,
          relevance_score: Math.round(Math.max(...own.map((sentence) => sentence.coverage)) * 100) / 100,
          ...(source.hospital && { hospital: source.hospital }),
        };
      }),
      uncertainty_note: best < PARTLY_ANSWERED ? UNCERTAIN : null,
      used_new_sources: usedIds.some((id) => found.some((source) => source.id === id)),
    };
  }

  /** A sentence the model drafted, as the answer shows it, or null when its cited source does not state it. */
  held(context: AnswerContext, draft: DraftSentence): AnswerSentence | null {
    const source = context.sources.find((candidate) => candidate.id === draft.citation);
    if (!source || !draft.text.trim() || judge(draft.text, source) !== null) return null;
    return { text: draft.text.trim(), sourceId: draft.citation, coverage: questionCoverage(context.written, draft.text) };
  }

  /**
   * A language model's answer, keeping only the sentences their cited source states (the grounding of
   * checklist steps); null when there is no model, it fails, or none of its sentences holds.
   */
  private async modelSentences(context: AnswerContext): Promise<AnswerSentence[] | null> {
    const { question, topic, sources, history } = context;
    if (!this.generator.answer || sources.length === 0) return null;
    const drafts = await this.generator.answer({ question, topic, sources, history }).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'the model did not answer; answering from the sources directly');
      return [];
    });
    const held = drafts.flatMap((draft) => this.held(context, draft) ?? []);
    return held.length > 0 ? held : null;
  }

  /**
   * Passages search finds for the question, as asked and with the protocol's topic (which a short
   * question leaves out), and the question as search corrected it; without context search, the correction alone.
   */
  private async searched(question: string, topic: string, user: Searcher, withPassages: boolean): Promise<{ passages: Passage[]; understanding: QueryUnderstanding }> {
    if (!withPassages) return { passages: [], understanding: await this.contextSearch.understand(question, user) };
    const [asked, onTopic] = await Promise.all([this.contextSearch.find(question, user), this.contextSearch.search(`${topic} ${question}`, user)]);
    const seen = new Set<string>();
    const passages = [...onTopic, ...asked.passages].filter((passage) => !seen.has(passage.text) && Boolean(seen.add(passage.text)));
    return { passages, understanding: asked.understanding };
  }
}
