import { Injectable } from '@nestjs/common';
import { AppError } from '@cairn/platform';
import { followUpKeywordGroups, questionInContext, validateChatMessage } from '@cairn/rules';
import type { StepThreadBody } from '../protocols/protocol.schemas.js';
import { judge } from '../grounding/grounding-check.js';
import { claimConflictWithSource } from '../grounding/claim-check.js';
import { citationsAsSources } from '../sources/citations-as-sources.js';
import { answerSentences, citedText } from './passage-answer.js';

const NOT_STATED = 'The cited source does not state this step as written. Check it against the source before acting on it.';

/** `POST /protocols/step-thread`: answers a question about one step from the sources the protocol cites. */
@Injectable()
export class StepThreadService {
  async answer(body: StepThreadBody): Promise<{ message: string }> {
    const problem = validateChatMessage(body.message);
    if (problem) throw new AppError(400, 'invalid_message', problem);
    const sources = citationsAsSources(body.protocol_citations);
    const cited = Number(body.step_citation);
    const ordered = [...sources].sort((a, b) => Number(b.id === cited) - Number(a.id === cited));
    const question = `${questionInContext(body.message, body.thread_history)} ${body.step_text}`;
    const byId = new Map(sources.map((source) => [source.id, source]));
    const sentences = answerSentences(
      question,
      body.protocol_title,
      followUpKeywordGroups(body.message),
      ordered,
      (sentence) => claimConflictWithSource(sentence.text, byId.get(sentence.sourceId)!.text) === null,
    ).filter((sentence) => sentence.text.replace(/\W/g, '').toLowerCase() !== body.step_text.replace(/\W/g, '').toLowerCase());
    if (sentences.length > 0) return { message: citedText(sentences) };
    const source = byId.get(cited);
    if (!source) return { message: `The cited source says no more about this step than the step itself: ${body.step_text.trim()}` };
    if (judge(body.step_text, source) !== null) return { message: `${NOT_STATED} [${cited}]` };
    return { message: `The cited source says no more about this step than the step itself: ${body.step_text.trim()} [${cited}]` };
  }
}
