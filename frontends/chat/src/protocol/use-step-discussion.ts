import { useRef, useState } from 'react';
import { getCairn } from '@cairn/frontend-shared';
import { randomId } from '../ids';
import type { ProtocolData } from './protocol';
import { withThreadMessage } from './step-discussion';
import { askAboutStep } from './step-thread.resource';

const message = (type: 'user' | 'assistant', content: string) => ({ id: randomId('thread'), type, content, timestamp: new Date().toISOString() });

/** One step thread open at a time; a question appends itself and its answer to that step, and the protocol is updated. */
export function useStepDiscussion(protocol: ProtocolData, onChange?: (protocol: ProtocolData) => void) {
  const [activeStep, setActiveStep] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const latest = useRef(protocol);
  latest.current = protocol;

  const send = async (stepId: string, question: string) => {
    const step = latest.current.steps.find((candidate) => candidate.id === stepId);
    if (!step || loading) return;
    setLoading(true);
    const thread = step.thread ?? [];
    let next = withThreadMessage(latest.current, stepId, message('user', question));
    onChange?.(next);
    let answer: string;
    try {
      answer = await askAboutStep(getCairn().api, { message: question, step, protocol: latest.current, thread });
    } catch (error) {
      answer = error instanceof Error ? `Sorry, this step could not be discussed: ${error.message}` : 'Sorry, this step could not be discussed.';
    }
    next = withThreadMessage(next, stepId, message('assistant', answer));
    onChange?.(next);
    setLoading(false);
  };

  return { activeStep, toggle: (stepId: string) => setActiveStep((current) => (current === stepId ? null : stepId)), loading, send };
}
