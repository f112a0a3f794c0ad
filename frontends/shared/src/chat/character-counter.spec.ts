import { describe, expect, it } from '@jest/globals';
import { characterCounter } from './character-counter';

describe('characterCounter (chat input, 2000 characters)', () => {
  it.each([
    [0, { visible: false, remaining: 2000, warning: false }],
    [1800, { visible: false, remaining: 200, warning: false }],
    [1801, { visible: true, remaining: 199, warning: false }],
    [1900, { visible: true, remaining: 100, warning: false }],
    [1901, { visible: true, remaining: 99, warning: true }],
    [2000, { visible: true, remaining: 0, warning: true }],
    [2100, { visible: true, remaining: 0, warning: true }],
  ])('%i characters', (length, state) => {
    expect(characterCounter(length)).toEqual(state);
  });

  it('takes other rules, such as the step discussion', () => {
    const step = { limit: 1000, showAfter: 800, warnBelowRemaining: 50 };
    expect(characterCounter(800, step).visible).toBe(false);
    expect(characterCounter(951, step)).toEqual({ visible: true, remaining: 49, warning: true });
  });
});
