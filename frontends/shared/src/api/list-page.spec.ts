import { describe, expect, it } from '@jest/globals';
import { appendPage, nextOffsetOf } from './list-page';

describe('paged lists', () => {
  it('reads next_offset, and anything but a whole number >= 0 as the last page', () => {
    expect(nextOffsetOf({ next_offset: 20 })).toBe(20);
    expect(nextOffsetOf({ next_offset: 0 })).toBe(0);
    for (const value of [null, undefined, -1, 2.5, '20', Number.NaN]) expect(nextOffsetOf({ next_offset: value })).toBeNull();
  });

  it('appends a page after the items shown, leaving out items already shown', () => {
    const shown = [{ id: 'a' }, { id: 'b' }];
    expect(appendPage(shown, [{ id: 'b' }, { id: 'c' }, { id: 'd' }], (item) => item.id).map((item) => item.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(appendPage(shown, [], (item) => item.id)).toEqual(shown);
    expect(shown).toHaveLength(2);
  });
});
