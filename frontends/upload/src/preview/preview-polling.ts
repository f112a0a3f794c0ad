import { browserTimers, type Timers } from '@cairn/frontend-shared';

/** docs/product-spec.md §9: after a regeneration starts the preview is polled every 1 s, at most 30 times, the first after 2 s. */
export const REGENERATE_FIRST_POLL_MS = 2_000;
export const REGENERATE_POLL_MS = 1_000;
export const REGENERATE_MAX_POLLS = 30;

/**
 * Polls `load` until it returns protocols; resolves with them, or with null after the last try.
 * Returns a stop function that ends the polling early.
 */
export function pollRegeneratedPreview<T>(load: () => Promise<T[]>, done: (protocols: T[] | null) => void, timers: Timers = browserTimers): () => void {
  let tries = 0;
  let stopped = false;
  let timer: unknown = null;
  const attempt = async () => {
    tries++;
    const protocols = await load().catch(() => []);
    if (stopped) return;
    if (protocols.length > 0) return done(protocols);
    if (tries >= REGENERATE_MAX_POLLS) return done(null);
    timer = timers.setTimeout(() => void attempt(), REGENERATE_POLL_MS);
  };
  timer = timers.setTimeout(() => void attempt(), REGENERATE_FIRST_POLL_MS);
  return () => {
    stopped = true;
    if (timer !== null) timers.clearTimeout(timer);
  };
}
