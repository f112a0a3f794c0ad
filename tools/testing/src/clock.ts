import { setImmediate as nextTurn } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';

/**
 * Resolves once the wall clock reads a later millisecond than when it was called: a timestamp
 * taken after it is strictly later than any taken before (orderings by time are then not ties).
 */
export async function nextMillisecond(): Promise<void> {
  const now = Date.now();
  const deadline = performance.now() + 1_000;
  while (Date.now() <= now) {
    if (performance.now() > deadline) throw new Error('the wall clock did not move on for a second');
    await nextTurn();
  }
}
