import { describe, expect, it } from '@jest/globals';
import { editDistance } from './edit-distance.js';

describe('editDistance', () => {
  it.each([
    ['dengu', 'dengu', 0],
    ['deng', 'dengu', 1],
    ['sings', 'signs', 1],
    ['astma', 'asthma', 1],
    ['malaira', 'malaria', 1],
    ['hipertens', 'hypertens', 1],
    ['resusitaton', 'resuscit', 4],
  ])('%s → %s: %i', (a, b, expected) => {
    expect(editDistance(a, b, 3)).toBe(expected);
  });

  it('stops at the limit', () => {
    expect(editDistance('abcdefgh', 'zyxwvuts', 2)).toBe(3);
  });
});
