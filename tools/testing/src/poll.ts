import { setTimeout as sleep } from 'node:timers/promises';

/** Reads until `done` holds or the time runs out, and returns the last value read (for an assertion to judge). */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000, intervalMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(intervalMs);
  }
}
