import { CHAT_INPUT_MAX_LENGTH } from '@cairn/rules';

export interface CharacterCounterRule {
  limit: number;
  /** The counter appears once the text is longer than this. */
  showAfter: number;
  /** The counter turns red when fewer characters than this remain. */
  warnBelowRemaining: number;
}

/** docs/product-spec.md §9: input bar 2000 characters, counter past 90%, red under 100 left. */
export const CHAT_INPUT_COUNTER: CharacterCounterRule = {
  limit: CHAT_INPUT_MAX_LENGTH,
  showAfter: CHAT_INPUT_MAX_LENGTH * 0.9,
  warnBelowRemaining: 100,
};

export interface CharacterCounterState {
  visible: boolean;
  remaining: number;
  warning: boolean;
}

export function characterCounter(length: number, rule: CharacterCounterRule = CHAT_INPUT_COUNTER): CharacterCounterState {
  const remaining = Math.max(rule.limit - length, 0);
  return { visible: length > rule.showAfter, remaining, warning: remaining < rule.warnBelowRemaining };
}
