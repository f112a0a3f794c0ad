import { describe, expect, it } from '@jest/globals';
import { dateSeparatorLabel, withDateSeparators } from './date-separators';

// Sunday 15 June 2025, 09:30 local time.
const now = new Date(2025, 5, 15, 9, 30);

describe('dateSeparatorLabel', () => {
  it.each([
    [new Date(2025, 5, 15, 0, 1), 'Today'],
    [new Date(2025, 5, 15, 23, 59), 'Today'],
    [new Date(2025, 5, 14, 23, 59), 'Yesterday'],
    [new Date(2025, 5, 14, 0, 0), 'Yesterday'],
    [new Date(2025, 5, 13, 12, 0), 'Friday'],
    [new Date(2025, 5, 9, 12, 0), 'Monday'],
    [new Date(2025, 5, 8, 12, 0), 'June 8'],
    [new Date(2025, 0, 1, 8, 0), 'January 1'],
    [new Date(2024, 11, 31, 8, 0), 'December 31, 2024'],
    [new Date(2025, 5, 20, 8, 0), 'June 20'],
  ])('%s is %j', (date, label) => {
    expect(dateSeparatorLabel(date, now)).toBe(label);
  });

  it('counts calendar days across a daylight-saving change', () => {
    expect(dateSeparatorLabel(new Date(2025, 2, 29, 12), new Date(2025, 2, 31, 0, 30))).toBe('Saturday');
    expect(dateSeparatorLabel(new Date(2025, 2, 30, 23, 30), new Date(2025, 2, 31, 0, 30))).toBe('Yesterday');
  });
});

describe('withDateSeparators', () => {
  const message = (id: string, date: Date) => ({ id, timestamp: date.toISOString() });

  it('puts one separator before the first message of each day', () => {
    const items = withDateSeparators(
      [message('a', new Date(2025, 5, 14, 22)), message('b', new Date(2025, 5, 14, 23)), message('c', new Date(2025, 5, 15, 8))],
      now,
    );
    expect(items.map((item) => (item.kind === 'separator' ? item.label : item.message.id))).toEqual(['Yesterday', 'a', 'b', 'Today', 'c']);
    expect(new Set(items.map((item) => item.key)).size).toBe(items.length);
  });

  it('gives an empty chat no separator', () => {
    expect(withDateSeparators([], now)).toEqual([]);
  });
});
