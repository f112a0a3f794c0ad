import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { ChatMessage } from '../session/chat-message';
import { answerScrollTop, isScrolledUp, planScroll } from './scroll-position';

/** About how long the browser's smooth scroll takes; scroll events meanwhile are ours, not the user's. */
const SMOOTH_SCROLL_MS = 700;

const messageElement = (scroller: HTMLElement, id: string) =>
  scroller.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(id)}"]`);

/** docs/product-spec.md §4 scrolling; `scroller` must be the positioned element that scrolls the messages. */
export function useAutoScroll(scroller: RefObject<HTMLElement | null>, messages: ChatMessage[], loading: boolean) {
  const [scrolledUp, setScrolledUp] = useState(false);
  const scrolledUpNow = useRef(false);
  const firstLoad = useRef(true);
  const autoScrollUntil = useRef(0);
  const settleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const last = messages.at(-1);

  const onScroll = useCallback(() => {
    if (!scroller.current) return;
    const up = isScrolledUp(scroller.current);
    if (up && performance.now() < autoScrollUntil.current) return;
    scrolledUpNow.current = up;
    setScrolledUp(up);
  }, [scroller]);

  const scrollTo = useCallback(
    (top: number, smooth: boolean) => {
      const element = scroller.current;
      if (!element) return;
      autoScrollUntil.current = performance.now() + (smooth ? SMOOTH_SCROLL_MS : 0);
      scrolledUpNow.current = false;
      element.scrollTo({ top, behavior: smooth ? 'smooth' : 'auto' });
      clearTimeout(settleTimer.current);
      settleTimer.current = setTimeout(onScroll, smooth ? SMOOTH_SCROLL_MS + 50 : 0);
    },
    [scroller, onScroll],
  );

  const scrollToBottom = useCallback(() => scrollTo(scroller.current?.scrollHeight ?? 0, true), [scroller, scrollTo]);

  useEffect(() => () => clearTimeout(settleTimer.current), []);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !last) return;
    const plan = planScroll({
      firstLoad: firstLoad.current,
      scrolledUp: scrolledUpNow.current,
      last: last.type === 'user' ? { type: 'user' } : { type: 'assistant', replyTo: last.replyTo },
    });
    firstLoad.current = false;
    if (plan.kind === 'bottom') {
      scrollTo(element.scrollHeight, plan.smooth);
    } else if (plan.kind === 'question') {
      const question = messageElement(element, plan.questionId);
      // The sticky first question reports where it is stuck, not where it sits; it sits at the top.
      const top = !question || question.dataset.sticky ? 0 : question.offsetTop;
      scrollTo(answerScrollTop(top, element.clientHeight), true);
    }
  }, [scroller, scrollTo, last, messages.length, loading]);

  return { scrolledUp, onScroll, scrollToBottom };
}
