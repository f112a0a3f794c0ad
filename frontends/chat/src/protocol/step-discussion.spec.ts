import { describe, expect, it } from '@jest/globals';
import { characterCounter } from '@cairn/frontend-shared';
import { testProtocol } from './protocol.fixture';
import { STEP_INPUT_COUNTER, withThreadMessage } from './step-discussion';

describe('step discussion', () => {
  it('shows the counter past 800 characters and turns it red under 50 left', () => {
    expect(characterCounter(800, STEP_INPUT_COUNTER)).toEqual({ visible: false, remaining: 200, warning: false });
    expect(characterCounter(801, STEP_INPUT_COUNTER)).toEqual({ visible: true, remaining: 199, warning: false });
    expect(characterCounter(951, STEP_INPUT_COUNTER)).toEqual({ visible: true, remaining: 49, warning: true });
  });

  it("appends a message to that step's thread only", () => {
    const protocol = testProtocol();
    const [first, second] = protocol.steps;
    const message = { id: 'thread_1', type: 'user' as const, content: 'why?', timestamp: '2026-11-25T10:00:00.000Z' };
    const updated = withThreadMessage(withThreadMessage(protocol, first.id, message), first.id, { ...message, id: 'thread_2', type: 'assistant', content: 'Because.' });
    expect(updated.steps[0].thread?.map((entry) => entry.content)).toEqual(['why?', 'Because.']);
    expect(updated.steps[1]).toEqual(second);
    expect(protocol.steps[0].thread).toBeUndefined();
  });
});
