import { describe, expect, it } from '@jest/globals';
import { answerScrollTop, distanceFromBottom, isScrolledUp, planScroll } from './scroll-position';

describe('scroll position', () => {
  it('measures the distance from the bottom', () => {
    expect(distanceFromBottom({ scrollTop: 500, scrollHeight: 1500, clientHeight: 600 })).toBe(400);
    expect(distanceFromBottom({ scrollTop: 901, scrollHeight: 1500, clientHeight: 600 })).toBe(0);
  });

  it('counts more than 50 px from the bottom as scrolled up', () => {
    expect(isScrolledUp({ scrollTop: 850, scrollHeight: 1500, clientHeight: 600 })).toBe(false);
    expect(isScrolledUp({ scrollTop: 849, scrollHeight: 1500, clientHeight: 600 })).toBe(true);
  });

  it('puts the question 20% from the top', () => {
    expect(answerScrollTop(1000, 600)).toBe(880);
    expect(answerScrollTop(50, 600)).toBe(0);
  });
});

describe('planScroll', () => {
  it('jumps to the bottom on the first load even when scrolled up', () => {
    expect(planScroll({ firstLoad: true, scrolledUp: true, last: { type: 'user' } })).toEqual({ kind: 'bottom', smooth: false });
  });

  it('leaves a user who scrolled up where they are when an answer arrives', () => {
    expect(planScroll({ firstLoad: false, scrolledUp: true, last: { type: 'assistant', replyTo: 'msg_1' } })).toEqual({ kind: 'none' });
  });

  it("scrolls smoothly to the bottom after the user's own question", () => {
    expect(planScroll({ firstLoad: false, scrolledUp: false, last: { type: 'user' } })).toEqual({ kind: 'bottom', smooth: true });
    expect(planScroll({ firstLoad: false, scrolledUp: true, last: { type: 'user' } })).toEqual({ kind: 'bottom', smooth: true });
  });

  it('scrolls to the bottom after a reply to nothing', () => {
    expect(planScroll({ firstLoad: false, scrolledUp: false, last: { type: 'assistant' } })).toEqual({ kind: 'bottom', smooth: true });
  });

  it('shows the question of a new answer', () => {
    expect(planScroll({ firstLoad: false, scrolledUp: false, last: { type: 'assistant', replyTo: 'msg_1' } })).toEqual({
      kind: 'question',
      questionId: 'msg_1',
    });
  });
});
