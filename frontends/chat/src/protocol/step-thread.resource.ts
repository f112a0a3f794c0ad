import { expectSuccess, text, type ApiClient } from '@cairn/frontend-shared';
import type { ProtocolData, ProtocolStep, StepThreadMessage } from './protocol';

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
      protocol_citations: request.protocol.citations.map((citation) => citation.excerpt || citation.source),
      thread_history: request.thread.map((message) => ({ role: message.type, content: message.content })),
    },
    { duration: 'long', retries: 0 },
  );
  return text(expectSuccess(body, 'discuss the step').message) ?? '';
}
