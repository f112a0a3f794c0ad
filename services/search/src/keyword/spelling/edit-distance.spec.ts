import { describe, expect, it } from '@jest/globals';
import { editDistance, maxEditsFor } from './edit-distance.js';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and neighbour transpositions as one edit each', () => {
    expect(editDistance('dengue', 'dengue', 2)).toBe(0);
    expect(editDistance('denge', 'dengue', 2)).toBe(1);
    expect(editDistance('fevr', 'fever', 2)).toBe(1);
    expect(editDistance('sings', 'signs', 2)).toBe(1);
    expect(editDistance('malaria', 'maleria', 2)).toBe(1);
    expect(editDistance('thrombolisys', 'thrombolysis', 2)).toBe(2);
    expect(editDistance('hypertenshun', 'hypertension', 2)).toBe(2);
  });

  it('stops at max + 1', () => {
    expect(editDistance('asthma', 'heart', 1)).toBe(2);
    expect(editDistance('tuberculosis', 'tb', 2)).toBe(3);
  });
});

describe('maxEditsFor', () => {
  it('allows none under 4 letters, one up to 7 and two from 8', () => {
    expect(['ors', 'fevr', 'dengeu', 'asthama', 'diabetis'].map(maxEditsFor)).toEqual([0, 1, 1, 1, 2]);
  });
});

describe('maxEditsFor a dictionary word', () => {
  it('allows none: a word of a standard English dictionary is meant as typed, even where the index lacks it', () => {
    expect(['smells', 'labourer', 'paddy', 'scalded', 'foggy'].map(maxEditsFor)).toEqual([0, 0, 0, 0, 0]);
  });
});
