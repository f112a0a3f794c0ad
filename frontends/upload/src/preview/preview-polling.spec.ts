import { describe, expect, it } from '@jest/globals';
import type { Timers } from '@cairn/frontend-shared';
import { REGENERATE_MAX_POLLS, pollRegeneratedPreview } from './preview-polling';

function recordingTimers() {
  const delays: number[] = [];
  let pending: (() => void) | null = null;
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      delays.push(ms);
      pending = callback;
      return delays.length;
    },
    clearTimeout: () => {
      pending = null;
    },
  };
  const fire = async () => {
    const callback = pending;
    pending = null;
    callback?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { timers, delays, fire };
}

describe('pollRegeneratedPreview', () => {
  it('first polls after 2 s, then every second, and stops once protocols are back', async () => {
    const { timers, delays, fire } = recordingTimers();
    const answers = [[], [], ['protocol']];
    let result: string[] | null | undefined;
    pollRegeneratedPreview(async () => answers.shift()!, (protocols) => (result = protocols), timers);
    for (let i = 0; i < 3; i++) await fire();
    expect(delays).toEqual([2_000, 1_000, 1_000]);
    expect(result).toEqual(['protocol']);
  });

  it('gives up with null after 30 tries', async () => {
    const { timers, fire } = recordingTimers();
    let tries = 0;
    let result: unknown[] | null | undefined;
    pollRegeneratedPreview(
      async () => {
        tries++;
        return [];
      },
      (protocols) => (result = protocols),
      timers,
    );
    for (let i = 0; i < 40; i++) await fire();
    expect(tries).toBe(REGENERATE_MAX_POLLS);
    expect(result).toBeNull();
  });
});
