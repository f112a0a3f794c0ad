import { isEntry, type ApiClient } from '@cairn/frontend-shared';
import { toProtocolPayload, type ProtocolData } from '../protocol/protocol';
import { readFollowUpAnswer, type FollowUpAnswer } from './follow-up-answer';

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
