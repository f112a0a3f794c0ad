import { expectSuccess, text, type ApiClient } from '@cairn/frontend-shared';
import type { ProtocolCitation, ProtocolData, ProtocolStep, StepThreadMessage } from './protocol';

/** `POST /protocols/step-thread` (docs/product-spec.md §7): a question about one step, answered from its cited source. */
export async function askAboutStep(api: ApiClient, request: { message: string; step: ProtocolStep; protocol: ProtocolData; thread: StepThreadMessage[] }): Promise<string> {
  const body = await api.post(
    '/protocols/step-thread',
    {
      message: request.message,
      step_id: request.step.id,
      step_text: request.step.step,
      step_citation: request.step.citation,
      protocol_title: request.protocol.title,
      protocol_citations: request.protocol.citations.map(labelledExcerpt),
      thread_history: request.thread.map((message) => ({ role: message.type, content: message.content })),
    },
    { duration: 'long', retries: 0 },
  );
  return text(expectSuccess(body, 'discuss the step').message) ?? '';
}

/** A citation's excerpt (or source) labelled with its number: a protocol's numbers may skip one, so the position does not tell it. */
export const labelledExcerpt = (citation: ProtocolCitation) => `[Source ${citation.id}] ${citation.excerpt || citation.source}`;
