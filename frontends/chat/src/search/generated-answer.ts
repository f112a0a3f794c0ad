import { text } from '@cairn/frontend-shared';
import { readProtocol, type ProtocolData } from '../protocol/protocol';

export type GeneratedAnswer = { kind: 'message'; content: string } | { kind: 'protocol'; protocol: ProtocolData };

/**
 * A greeting (or another answer the server gives in words) comes as `{category, message}` with an empty
 * checklist; anything else is a protocol, possibly without steps.
 */
export function readGeneratedAnswer(body: Record<string, unknown>, query: string, now: Date): GeneratedAnswer {
  const message = text(body.message);
  const hasSteps = Array.isArray(body.checklist) && body.checklist.length > 0;
  if (message && typeof body.category === 'string' && !hasSteps) return { kind: 'message', content: message };
  return { kind: 'protocol', protocol: readProtocol(body, query, now) };
}
