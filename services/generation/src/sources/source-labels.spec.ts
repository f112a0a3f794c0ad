import { describe, expect, it } from '@jest/globals';
import { readSourceLabel, stripSourceLabels } from './source-labels.js';

describe('source labels', () => {
  it.each([
    ['[Source 2] (Dengue): Give oral fluids.', 'Give oral fluids.', 'Dengue'],
    ['[Source 2]: Give oral fluids.', 'Give oral fluids.', null],
    ['[source 12] Give oral fluids.', 'Give oral fluids.', null],
    ['Source 3: Give oral fluids.', 'Give oral fluids.', null],
    ['Source 3 - (WHO dengue guideline) Give oral fluids.', 'Give oral fluids.', 'WHO dengue guideline'],
    ['Give oral fluids [Source 1] and rest [Source 2].', 'Give oral fluids and rest.', null],
    ['Open source 2 data is not a label.', 'Open source 2 data is not a label.', null],
  ])('%s', (input, text, topic) => {
    expect(readSourceLabel(input)).toEqual({ text, topic });
    expect(stripSourceLabels(input)).toBe(text);
  });
});
