import { MESSAGE_MAX_LENGTH, type CharacterCounterRule } from '@cairn/frontend-shared';
import type { ProtocolData, StepThreadMessage } from './protocol';

/** docs/product-spec.md §9: the step discussion takes 1000 characters; the counter shows past 800 and turns red under 50 left. */
export const STEP_INPUT_COUNTER: CharacterCounterRule = { limit: MESSAGE_MAX_LENGTH, showAfter: 800, warnBelowRemaining: 50 };

/** The protocol with a message appended to one step's thread. */
export function withThreadMessage(protocol: ProtocolData, stepId: string, message: StepThreadMessage): ProtocolData {
  return { ...protocol, steps: protocol.steps.map((step) => (step.id === stepId ? { ...step, thread: [...(step.thread ?? []), message] } : step)) };
}
