import { describe, expect, it } from '@jest/globals';
import { wrapLines } from './wrap-lines';

const measure = (text: string) => text.length;

describe('wrapLines', () => {
  it('breaks at spaces within the width', () => {
    expect(wrapLines('give fluids and check the pulse', 12, measure)).toEqual(['give fluids', 'and check', 'the pulse']);
    expect(wrapLines('  spaced   out  ', 20, measure)).toEqual(['spaced out']);
    expect(wrapLines('', 10, measure)).toEqual([]);
  });

  it('breaks a word wider than the line (a long link) inside it', () => {
    expect(wrapLines('see https://who.int/abcdefghij now', 10, measure)).toEqual(['see', 'https://wh', 'o.int/abcd', 'efghij now']);
  });
});
