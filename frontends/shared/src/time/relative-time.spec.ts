import { describe, expect, it } from '@jest/globals';
import { relativeTime } from './relative-time';

const now = new Date(2025, 5, 15, 12, 0, 0).getTime();
const ago = (ms: number) => now - ms;
const MIN = 60_000;

describe('relativeTime', () => {
  it.each([
    [ago(0), 'Just now'],
    [ago(59_999), 'Just now'],
    [now + 5 * MIN, 'Just now'],
    [ago(MIN), '1m ago'],
    [ago(59 * MIN), '59m ago'],
    [ago(60 * MIN), '1h ago'],
    [ago(23 * 60 * MIN + 59 * MIN), '23h ago'],
    [ago(24 * 60 * MIN), '1d ago'],
    [ago(6 * 24 * 60 * MIN), '6d ago'],
    [new Date(2025, 5, 8, 12, 0, 0).getTime(), 'Jun 8'],
    [new Date(2024, 11, 31, 9, 0, 0).getTime(), 'Dec 31, 2024'],
  ])('%j is %j', (value, label) => {
    expect(relativeTime(value, now)).toBe(label);
  });

  it('accepts ISO strings and Dates', () => {
    expect(relativeTime(new Date(ago(2 * MIN)).toISOString(), now)).toBe('2m ago');
    expect(relativeTime(new Date(ago(3 * MIN)), now)).toBe('3m ago');
  });

  it('gives an empty label for missing or broken dates', () => {
    expect(relativeTime(undefined, now)).toBe('');
    expect(relativeTime('', now)).toBe('');
    expect(relativeTime('not a date', now)).toBe('');
  });
});
