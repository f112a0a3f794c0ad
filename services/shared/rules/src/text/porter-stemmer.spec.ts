import { describe, expect, it } from '@jest/globals';
import { porterStem } from './porter-stemmer.js';

describe('porterStem', () => {
  it.each([
    ['caresses', 'caress'], ['ponies', 'poni'], ['cats', 'cat'], ['agreed', 'agre'], ['plastered', 'plaster'], ['motoring', 'motor'],
    ['hopping', 'hop'], ['filing', 'file'], ['happy', 'happi'], ['relational', 'relat'], ['conditional', 'condit'],
    ['digitizer', 'digit'], ['hopefulness', 'hope'], ['electrical', 'electr'], ['adjustment', 'adjust'], ['adoption', 'adopt'],
    ['generalizations', 'gener'], ['controll', 'control'], ['probate', 'probat'], ['sky', 'sky'],
  ])('stems %s to %s', (word, stem) => {
    expect(porterStem(word)).toBe(stem);
  });

  it('conflates clinical inflections', () => {
    expect(porterStem('infarction')).toBe(porterStem('infarctions'));
    expect(porterStem('diabetes')).toBe(porterStem('diabetic'));
    expect(porterStem('vaccination')).toBe(porterStem('vaccinations'));
    expect(porterStem('bleeding')).toBe(porterStem('bleeds'));
  });
});

