import { describe, expect, it } from '@jest/globals';
import { createUserMessage, type UserMessage } from './chat-message';
import { isDuplicateMessage, prepareQuery } from './send-rules';

describe('prepareQuery', () => {
  it('trims and collapses whitespace', () => {
    expect(prepareQuery('  dengue \n\n  symptoms  ')).toBe('dengue symptoms');
  });

  it('drops a blank message', () => {
    expect(prepareQuery('   \n ')).toBeNull();
    expect(prepareQuery('')).toBeNull();
  });

  it('cuts a long message to the 1000 characters of the message check instead of dropping it', () => {
    expect(prepareQuery('a'.repeat(1500))).toBe('a'.repeat(1000));
  });
});

describe('isDuplicateMessage', () => {
  const sentAt = new Date('2025-06-15T10:00:00.000Z');
  const message = (status: UserMessage['status']): UserMessage => ({ ...createUserMessage('dengue', 'all', sentAt, 'msg_1'), status });
  const at = (ms: number) => sentAt.getTime() + ms;

  it('ignores the same text while the earlier one is in flight', () => {
    expect(isDuplicateMessage([message('pending')], 'dengue', at(60_000))).toBe(true);
    expect(isDuplicateMessage([message('retrying')], 'dengue', at(60_000))).toBe(true);
  });

  it('ignores the same text sent less than 2 s ago', () => {
    expect(isDuplicateMessage([message('sent')], 'dengue', at(1_999))).toBe(true);
    expect(isDuplicateMessage([message(undefined)], 'dengue', at(1_000))).toBe(true);
    expect(isDuplicateMessage([message('sent')], 'dengue', at(2_000))).toBe(false);
  });

  it('accepts other text and a repeat of a failed message', () => {
    expect(isDuplicateMessage([message('pending')], 'malaria', at(0))).toBe(false);
    expect(isDuplicateMessage([message('failed')], 'dengue', at(0))).toBe(false);
  });
});
