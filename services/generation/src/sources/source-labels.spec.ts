import { describe, expect, it } from '@jest/globals';
import { citationsAsSources } from './citations-as-sources.js';
import { readSourceLabel, stripSourceLabels } from './source-labels.js';

describe('source labels', () => {
  it.each([
    ['[Source 2] (Dengue): Give oral fluids.', 'Give oral fluids.', 'Dengue', 2],
    ['[Source 2]: Give oral fluids.', 'Give oral fluids.', null, 2],
    ['[source 12] Give oral fluids.', 'Give oral fluids.', null, 12],
    ['Source 3: Give oral fluids.', 'Give oral fluids.', null, 3],
    ['Source 3 - (WHO dengue guideline) Give oral fluids.', 'Give oral fluids.', 'WHO dengue guideline', 3],
    ['Give oral fluids [Source 1] and rest [Source 2].', 'Give oral fluids and rest.', null, null],
    ['Open source 2 data is not a label.', 'Open source 2 data is not a label.', null, null],
  ])('%s', (input, text, topic, number) => {
    expect(readSourceLabel(input)).toEqual({ text, topic, number });
    expect(stripSourceLabels(input)).toBe(text);
  });
});

describe('citationsAsSources', () => {
  it("numbers a labelled excerpt by its label, so a protocol whose sources skip a number keeps each source's own", () => {
    const sources = citationsAsSources(['[Source 1] Give oral fluids.', '[Source 4] Ask daily about abdominal pain.', 'Rest at home.']);
    expect(sources.map(({ id, text }) => [id, text])).toEqual([
      [1, 'Give oral fluids.'],
      [4, 'Ask daily about abdominal pain.'],
      [3, 'Rest at home.'],
    ]);
  });
});
