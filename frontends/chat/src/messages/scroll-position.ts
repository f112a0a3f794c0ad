/** docs/product-spec.md §9: the user counts as having scrolled up beyond this distance from the bottom. */
export const SCROLL_TO_BOTTOM_THRESHOLD_PX = 50;
/** docs/product-spec.md §4: an answer scrolls its question to about this fraction of the view from the top. */
export const QUESTION_POSITION_FROM_TOP = 0.2;

export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

export const distanceFromBottom = ({ scrollTop, scrollHeight, clientHeight }: ScrollMetrics): number =>
  Math.max(scrollHeight - clientHeight - scrollTop, 0);

export const isScrolledUp = (metrics: ScrollMetrics): boolean => distanceFromBottom(metrics) > SCROLL_TO_BOTTOM_THRESHOLD_PX;

/** Where to scroll so the question at `questionTop` (in content coordinates) sits 20% from the top. */
export const answerScrollTop = (questionTop: number, clientHeight: number): number =>
  Math.max(Math.round(questionTop - clientHeight * QUESTION_POSITION_FROM_TOP), 0);

export type ScrollPlan = { kind: 'none' } | { kind: 'bottom'; smooth: boolean } | { kind: 'question'; questionId: string };

/**
 * docs/product-spec.md §4 scrolling after the list changed: the bottom at once on the first load; the bottom after the
 * user's own question; for an answer, nothing while the user reads further up, else its question to 20%
 * from the top.
 */
export function planScroll(input: {
  firstLoad: boolean;
  scrolledUp: boolean;
  last: { type: 'user' | 'assistant'; replyTo?: string } | undefined;
}): ScrollPlan {
  if (input.firstLoad) return { kind: 'bottom', smooth: false };
  if (input.last?.type === 'user') return { kind: 'bottom', smooth: true };
  if (input.scrolledUp) return { kind: 'none' };
  if (input.last?.replyTo) return { kind: 'question', questionId: input.last.replyTo };
  return { kind: 'bottom', smooth: true };
}
