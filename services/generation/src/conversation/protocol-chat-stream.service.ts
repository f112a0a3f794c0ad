import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Searcher } from '../context/search-scope.js';
import { GENERATOR, type Generator } from '../generators/generator.port.js';
import type { ConversationBody } from '../protocols/protocol.schemas.js';
import { ProtocolChatService, type AnswerContext, type ConversationAnswer } from './protocol-chat.service.js';
import type { AnswerSentence } from './passage-answer.js';

export const ANSWER_FALLBACK_NOTICE = 'The model stopped answering. The answer was completed directly from the sources.';

/** One line of a streamed follow-up answer: the answer with one more sentence, a notice, or the final answer. */
export type AnswerStreamEvent = { type: 'answer'; answer: ConversationAnswer } | { type: 'notice'; message: string } | { type: 'done'; answer: ConversationAnswer };

/**
 * `POST /protocols/conversation/stream`: the answer of `POST /protocols/conversation`, a sentence at a
 * time as the model writes it, each sent only when its cited source states it. When the model fails
 * midway, or writes nothing that holds, the sentences the sources answer with complete it.
 */
@Injectable()
export class ProtocolChatStreamService {
  private readonly logger = new Logger('ProtocolChatStream');

  constructor(
    private readonly chat: ProtocolChatService,
    @Inject(GENERATOR) private readonly generator: Generator,
  ) {}

  async stream(body: ConversationBody, user: Searcher, signal: AbortSignal): Promise<AsyncGenerator<AnswerStreamEvent>> {
    const prepared = await this.chat.prepare(body, user);
    return this.events(prepared, signal);
  }

  private async *events(prepared: { answer: ConversationAnswer } | AnswerContext, signal: AbortSignal): AsyncGenerator<AnswerStreamEvent> {
    if ('answer' in prepared) {
      yield { type: 'done', answer: prepared.answer };
      return;
    }
    const shown: AnswerSentence[] = [];
    let failed = false;
    try {
      for await (const draft of this.drafts(prepared, signal)) {
        const sentence = this.chat.held(prepared, draft);
        if (!sentence || shown.some((other) => other.text === sentence.text)) continue;
        shown.push(sentence);
        yield { type: 'answer', answer: this.chat.compose(prepared, shown) };
      }
    } catch (error) {
      if (signal.aborted) return;
      failed = true;
      this.logger.warn({ err: error }, 'the model failed while streaming an answer; the sources complete it');
      if (shown.length > 0) yield { type: 'notice', message: ANSWER_FALLBACK_NOTICE };
    }
    if (signal.aborted) return;
    const rest = prepared.extracted.filter((sentence) => !shown.some((other) => other.text === sentence.text));
    const sentences = shown.length === 0 ? prepared.extracted : failed ? [...shown, ...rest] : shown;
    yield { type: 'done', answer: this.chat.compose(prepared, sentences) };
  }

  private drafts(context: AnswerContext, signal: AbortSignal) {
    const { question, topic, sources, history } = context;
    if (!this.generator.streamAnswer || sources.length === 0) return (async function* () {})();
    return this.generator.streamAnswer({ question, topic, sources, history }, signal);
  }
}
