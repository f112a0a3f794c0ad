import { isEntry, text, type ApiClient } from '@cairn/frontend-shared';
import { toProtocolPayload, type ProtocolData } from '../protocol/protocol';
import { MAX_FOLLOW_UP_SUGGESTIONS } from './follow-up';

/** A citation of a follow-up answer, with its relevance (0–1). */
export interface MessageCitation {
  id: number;
  title: string;
  organization: string;
  url: string;
  excerpt: string;
  relevance: number;
}

export interface FollowUpAnswer {
  answer: string;
  followUpQuestions: string[];
  citations: MessageCitation[];
  uncertaintyNote: string | null;
  usedNewSources: boolean;
}

export function readFollowUpAnswer(body: unknown): FollowUpAnswer {
  const entry = isEntry(body) ? body : {};
  const questions = Array.isArray(entry.follow_up_questions) ? entry.follow_up_questions : [];
  const citations = Array.isArray(entry.citations) ? entry.citations.filter(isEntry) : [];
  return {
    answer: text(entry.answer) ?? '',
    followUpQuestions: questions
      .map((question) => (isEntry(question) ? text(question.text) : text(question)))
      .filter((question): question is string => question !== null)
      .slice(0, MAX_FOLLOW_UP_SUGGESTIONS),
    citations: citations.map((citation, index) => ({
      id: typeof citation.id === 'number' ? citation.id : index + 1,
      title: text(citation.title) ?? `Source ${index + 1}`,
      organization: text(citation.organization) ?? '',
      url: text(citation.source_url) ?? text(citation.url) ?? '',
      excerpt: text(citation.excerpt) ?? '',
      relevance: typeof citation.relevance_score === 'number' ? citation.relevance_score : typeof citation.relevance === 'number' ? citation.relevance : 0,
    })),
    uncertaintyNote: text(entry.uncertainty_note),
    usedNewSources: entry.used_new_sources === true,
  };
}

export interface FollowUpRequest {
  uid: string | null;
  message: string;
  protocol: ProtocolData;
  history: { role: string; content: string }[];
}

const conversationBody = (request: FollowUpRequest) => ({
  message: request.message,
  concept_title: request.protocol.title,
  protocol_json: toProtocolPayload(request.protocol),
  citations_list: request.protocol.citations,
  conversation_history: request.history,
  enable_context_search: true,
  user_id: request.uid ?? undefined,
});

/** `POST /protocols/conversation` (docs/product-spec.md §7): a question about the protocol shown, with the recent conversation. */
export async function askFollowUp(api: ApiClient, request: FollowUpRequest, signal?: AbortSignal): Promise<FollowUpAnswer> {
  return readFollowUpAnswer(await api.post('/protocols/conversation', conversationBody(request), { duration: 'long', signal }));
}

/**
 * The same answer sentence by sentence (`POST /protocols/conversation/stream`): `onPartial` gets the
 * answer so far, and a notice when the server completed it from the sources.
 */
export async function streamFollowUp(
  api: ApiClient,
  request: FollowUpRequest,
  onPartial: (answer: FollowUpAnswer | { notice: string }) => void,
  signal?: AbortSignal,
): Promise<FollowUpAnswer> {
  let finished: FollowUpAnswer | null = null;
  await api.stream(
    '/protocols/conversation/stream',
    conversationBody(request),
    (line) => {
      if (!isEntry(line)) return;
      if (line.type === 'notice' && typeof line.message === 'string') onPartial({ notice: line.message });
      if (line.type === 'answer') onPartial(readFollowUpAnswer(line.answer));
      if (line.type === 'done') finished = readFollowUpAnswer(line.answer);
    },
    { signal },
  );
  if (!finished) throw new Error('Protocol chat failed: the answer ended early');
  return finished;
}
