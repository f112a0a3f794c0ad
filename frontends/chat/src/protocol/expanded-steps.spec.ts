import { describe, expect, it } from '@jest/globals';
import { createExpandedStepsStore } from './expanded-steps';

describe('expanded steps', () => {
  it('toggles a step of one protocol without touching another', () => {
    const store = createExpandedStepsStore();
    store.toggle('msg_a', 'step_2');
    expect([...store.expanded('msg_a')]).toEqual(['step_2']);
    expect(store.expanded('msg_b').size).toBe(0);
    store.toggle('msg_a', 'step_2');
    expect(store.expanded('msg_a').size).toBe(0);
  });

  it('gives a new set on change and the same set otherwise, and notifies', () => {
    const store = createExpandedStepsStore();
    let notified = 0;
    const off = store.subscribe(() => notified++);
    const before = store.expanded('msg_a');
    expect(store.expanded('msg_a')).toBe(before);
    store.toggle('msg_a', 'step_1');
    expect(store.expanded('msg_a')).not.toBe(before);
    expect(notified).toBe(1);
    off();
    store.toggle('msg_a', 'step_1');
    expect(notified).toBe(1);
  });
});
