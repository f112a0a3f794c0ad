import { INTENT_PREFIXES, buildGenerateRequest, describeRequestError, isApiError, type GenerateRequest, type SearchScope } from '@cairn/frontend-shared';
import type { FollowUpAnswer } from '../follow-up/follow-up.resource';
import type { ProtocolData } from '../protocol/protocol';
import { readGeneratedAnswer } from './generated-answer';
import { NO_USER_PROTOCOLS_REPLY, decideAfterSearch, notRelevantReply } from './search-decision';
import type { SearchResult } from './search.resource';

export interface SearchMetadata {
  totalResults: number;
  /** Milliseconds each call took, as the user waited for it. */
  responseTimes: { search: number; generation: number };
  searchMethod: 'hybrid';
  resultsFound: number;
  /** The query as searched when the server corrected typos in it ('Showing results for …'). */
  correctedQuery?: string;
}

export type FlowReply =
  | { kind: 'text'; title?: string; content: string }
  | { kind: 'follow-up'; content: string; answer: FollowUpAnswer }
  | { kind: 'protocol'; content: string; protocol: ProtocolData; searchMetadata: SearchMetadata }
  | { kind: 'error'; title: string; content: string };

export interface SendFlowCalls {
  search(query: string, scope: SearchScope): Promise<SearchResult>;
  generate(request: GenerateRequest): Promise<Record<string, unknown>>;
  /** A millisecond clock for the response times. */
  clock(): number;
  now(): Date;
}

/** Categories of a query the server screened out: its message is the answer, not an error. */
export const REFUSAL_CATEGORIES: ReadonlySet<string> = new Set([
  'harmful',
  'irrelevant',
  'out_of_scope_medical',
  'greeting',
  'too_short',
  'empty',
  'invalid_query',
  'invalid_message',
]);

export function refusalOf(error: unknown): { title?: string; content: string } | null {
  if (!isApiError(error) || error.status !== 400 || !error.category || !REFUSAL_CATEGORIES.has(error.category)) return null;
  return error.title ? { title: error.title, content: error.message } : { content: error.message };
}

function failureReply(error: unknown, failedCall: 'search' | 'generation'): FlowReply {
  const refusal = refusalOf(error);
  if (refusal) return { kind: 'text', ...refusal };
  const { title, message } = describeRequestError(error, failedCall);
  return { kind: 'error', title, content: message };
}

const elapsed = (calls: SendFlowCalls, started: number) => Math.round(calls.clock() - started);

/** Spec §4 search flow, steps 3–7: search, then a guidance reply or a generated protocol; never throws. */
export async function runSendFlow(query: string, scope: SearchScope, calls: SendFlowCalls): Promise<FlowReply> {
  const searchStarted = calls.clock();
  let result: SearchResult;
  try {
    result = await calls.search(query, scope);
  } catch (error) {
    return failureReply(error, 'search');
  }
  const searchTime = elapsed(calls, searchStarted);

  const decision = decideAfterSearch(result, scope);
  if (decision.kind === 'no-user-protocols') return { kind: 'text', ...NO_USER_PROTOCOLS_REPLY };
  if (decision.kind === 'not-relevant') return { kind: 'text', ...notRelevantReply(query) };

  const generateStarted = calls.clock();
  let answer;
  try {
    const searched = result.corrected_query ?? query;
    answer = readGeneratedAnswer(await calls.generate(buildGenerateRequest(searched, result.hits)), searched, calls.now());
  } catch (error) {
    return failureReply(error, 'generation');
  }
  if (answer.kind === 'message') return { kind: 'text', content: answer.content };
  return {
    kind: 'protocol',
    content: INTENT_PREFIXES[answer.protocol.intent],
    protocol: answer.protocol,
    searchMetadata: {
      totalResults: result.total,
      responseTimes: { search: searchTime, generation: elapsed(calls, generateStarted) },
      searchMethod: 'hybrid',
      resultsFound: result.hits.length,
      ...(result.corrected_query && { correctedQuery: result.corrected_query }),
    },
  };
}

/** Spec §4: a follow-up is answered about the protocol shown, from its sources and the conversation; never throws. */
export async function runFollowUpFlow(ask: () => Promise<FollowUpAnswer>): Promise<FlowReply> {
  try {
    const answer = await ask();
    return { kind: 'follow-up', content: answer.answer, answer };
  } catch (error) {
    return failureReply(error, 'generation');
  }
}
