import { describe, expect, it } from '@jest/globals';
import type { Timers } from '../api/api-client';
import { createToastStore } from './toasts';

function recordingTimers() {
  const scheduled: { ms: number; callback: () => void; cleared: boolean }[] = [];
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      const timer = { ms, callback, cleared: false };
      scheduled.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
  };
  return { timers, scheduled };
}

describe('toast store', () => {
  it('shows toasts in order and dismisses each after 5 s', () => {
    const { timers, scheduled } = recordingTimers();
    const store = createToastStore(timers);
    let changes = 0;
    store.subscribe(() => changes++);
    store.show({ type: 'success', title: 'Saved' });
    store.show({ type: 'error', title: 'Delete Failed', message: 'Try again' });
    expect(store.list().map((toast) => toast.title)).toEqual(['Saved', 'Delete Failed']);
    expect(scheduled.map((timer) => timer.ms)).toEqual([5000, 5000]);

    scheduled[0].callback();
    expect(store.list().map((toast) => toast.title)).toEqual(['Delete Failed']);
    expect(changes).toBe(3);
  });

  it('dismisses on demand and cancels the timer', () => {
    const { timers, scheduled } = recordingTimers();
    const store = createToastStore(timers);
    const id = store.show({ type: 'info', title: 'Hello' });
    store.dismiss(id);
    expect(store.list()).toEqual([]);
    expect(scheduled[0].cleared).toBe(true);
  });

  it('gives each toast its own id', () => {
    const store = createToastStore(recordingTimers().timers);
    const a = store.show({ type: 'info', title: 'A' });
    const b = store.show({ type: 'info', title: 'A' });
    expect(a).not.toBe(b);
  });
});
