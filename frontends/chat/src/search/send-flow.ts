import { INTENT_PREFIXES, SCREENING_CATEGORIES, buildGenerateRequest, describeRequestError, isApiError, type GenerateRequest, type SearchScope } from '@cairn/frontend-shared';
import type { FollowUpAnswer } from '../follow-up/follow-up-answer';
import type { ProtocolData } from '../protocol/protocol';
import { readGeneratedAnswer } from './generated-answer';
import { NO_HOSPITAL_PROTOCOLS_REPLY, NO_USER_PROTOCOLS_REPLY, decideAfterSearch, notInLibraryReply, notRelevantReply, weakMatchNotice } from './search-decision';
import { withHospitals, withSourceFiles } from './hospital-snippets';
import type { ProtocolStreamLine, SearchResult } from './search.resource';

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
  | { kind: 'follow-up'; content: string; answer: FollowUpAnswer; notice?: string }
  | { kind: 'protocol'; content: string; protocol: ProtocolData; searchMetadata: SearchMetadata; notice?: string }
  | { kind: 'error'; title: string; content: string };

export interface SendFlowCalls {
  search(query: string, scope: SearchScope): Promise<SearchResult>;
  /** The finished protocol; a streaming call reports each line of it to `onLine` on the way. */
  generate(request: GenerateRequest, onLine?: (line: ProtocolStreamLine) => void): Promise<Record<string, unknown>>;
  /** A millisecond clock for the response times. */
  clock(): number;
  now(): Date;
}

/** Categories of a query the server screened out: its message is the answer, not an error. */
export const REFUSAL_CATEGORIES: ReadonlySet<string> = new Set([...SCREENING_CATEGORIES, 'invalid_message']);

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

/**
 * docs/product-spec.md §4 search flow, steps 3–7: search, then a guidance reply or a generated protocol; never throws.
 * `onPartial` gets the protocol each time a streamed step arrives (with the notice, if any, of a fallback).
 */
export async function runSendFlow(query: string, scope: SearchScope, calls: SendFlowCalls, onPartial?: (reply: FlowReply) => void): Promise<FlowReply> {
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
  if (decision.kind === 'no-hospital-protocols') return { kind: 'text', ...NO_HOSPITAL_PROTOCOLS_REPLY };
  if (decision.kind === 'not-relevant') return { kind: 'text', ...(decision.scope === 'hospital' ? notInLibraryReply(query) : notRelevantReply(query)) };

  const generateStarted = calls.clock();
  const searched = result.corrected_query ?? query;
  const weakMatch = weakMatchNotice(result, scope);
  let streamNotice: string | undefined;
  const notices = () => [weakMatch, streamNotice].filter(Boolean).join(' ') || undefined;
  const protocolReply = (protocol: ProtocolData): FlowReply => ({
    kind: 'protocol',
    content: INTENT_PREFIXES[protocol.intent],
    protocol: withSourceFiles(protocol, result.hits),
    searchMetadata: {
      totalResults: result.total,
      responseTimes: { search: searchTime, generation: elapsed(calls, generateStarted) },
      searchMethod: 'hybrid',
      resultsFound: result.hits.length,
      ...(result.corrected_query && { correctedQuery: result.corrected_query }),
    },
    ...(notices() && { notice: notices() }),
  });
  const onLine = (line: ProtocolStreamLine) => {
    if (line.type === 'notice') streamNotice = line.message;
    const partial = line.type === 'step' ? readGeneratedAnswer(line.protocol, searched, calls.now()) : null;
    if (partial?.kind === 'protocol') onPartial?.(protocolReply(partial.protocol));
  };
  let answer;
  try {
    answer = readGeneratedAnswer(await calls.generate(withHospitals(buildGenerateRequest(searched, result.hits), result.hits), onLine), searched, calls.now());
  } catch (error) {
    return failureReply(error, 'generation');
  }
  if (answer.kind === 'message') return { kind: 'text', content: answer.content };
  return protocolReply(answer.protocol);
}

/** docs/product-spec.md §4: a follow-up is answered about the protocol shown, from its sources and the conversation; never throws. */
export async function runFollowUpFlow(ask: (onPartial: (answer: FollowUpAnswer) => void) => Promise<FollowUpAnswer>, onPartial?: (reply: FlowReply) => void): Promise<FlowReply> {
  try {
    const answer = await ask((partial) => onPartial?.({ kind: 'follow-up', content: partial.answer, answer: partial }));
    return { kind: 'follow-up', content: answer.answer, answer };
  } catch (error) {
    return failureReply(error, 'generation');
  }
}
