import { getCairn } from '@cairn/frontend-shared';
import { conversationHistory, protocolInContext } from '../follow-up/follow-up';
import { streamFollowUp } from '../follow-up/follow-up.resource';
import { searchProtocols, streamProtocol } from '../search/search.resource';
import { runFollowUpFlow, runSendFlow, type FlowReply, type SendFlowCalls } from '../search/send-flow';
import type { ChatMessage, UserMessage } from './chat-message';

export type PartialReply = (reply: FlowReply) => void;

/** The reply to a question: a follow-up answer about the protocol shown, or a search and a new protocol, streamed part by part to `onPartial`. */
export function replyTo(question: UserMessage, uid: string | null, earlier: ChatMessage[], signal: AbortSignal, onPartial: PartialReply): Promise<FlowReply> {
  const protocol = question.followUp ? protocolInContext(earlier) : null;
  if (!protocol) return runSendFlow(question.content, question.scope, flowCalls(uid, signal), onPartial);
  let notice: string | undefined;
  const request = { uid, message: question.content, protocol, history: conversationHistory(earlier) };
  return runFollowUpFlow(
    (onAnswer) => streamFollowUp(getCairn().api, request, (partial) => ('notice' in partial ? (notice = partial.notice) : onAnswer(partial)), signal),
    onPartial,
  ).then((reply) => (notice && reply.kind === 'follow-up' ? { ...reply, notice } : reply));
}

function flowCalls(uid: string | null, signal: AbortSignal): SendFlowCalls {
  const { api } = getCairn();
  return {
    search: (query, scope) => searchProtocols(api, { query, scope, uid }, signal),
    generate: (request, onLine) => streamProtocol(api, request, (line) => onLine?.(line), signal),
    clock: () => performance.now(),
    now: () => new Date(),
  };
}
