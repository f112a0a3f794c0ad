import { describe, expect, it } from '@jest/globals';
import type { Source } from '../sources/source.js';
import { groundSteps } from './grounding-check.js';
import { support } from './support.js';

const source = (id: number, text: string): Source => ({ id, text, title: `S${id}`, organization: 'WHO', year: 2020, region: 'Global', url: '', section: '' });
const sources = [
  source(1, 'Give oral rehydration solution after each loose stool. Give zinc 20 mg daily for 10 days.'),
  source(2, 'Start chest compressions at 100 to 120 per minute and call for help.'),
];

describe('support', () => {
  it('is the share of the claim found in the source, and 0 for a number the source does not state', () => {
    expect(support('Give zinc 20 mg daily for 10 days.', sources[0].text)).toBe(1);
    expect(support('Give zinc 40 mg daily for 10 days.', sources[0].text)).toBe(0);
    expect(support('Give zinc tablets with food.', sources[0].text)).toBeLessThan(0.75);
  });
});

describe('groundSteps', () => {
  it('keeps supported steps, re-cites steps citing the wrong source, drops unsupported ones', () => {
    const { steps, report } = groundSteps(
      [
        { text: 'Give zinc 20 mg daily for 10 days.', explanation: 'Give oral rehydration solution after each loose stool.', citation: 1, citations: [1] },
        { text: 'Start chest compressions at 100 to 120 per minute.', explanation: 'Antibiotics cure it.', citation: 1, citations: [1, 2] },
        { text: 'Give amoxicillin 500 mg three times a day.', explanation: '', citation: 2, citations: [2] },
      ],
      sources,
    );
    expect(report).toEqual({ supported: 1, recited: 1, dropped: 1 });
    expect(steps).toEqual([
      { text: 'Give zinc 20 mg daily for 10 days.', explanation: 'Give oral rehydration solution after each loose stool.', citation: 1, citations: [1] },
      { text: 'Start chest compressions at 100 to 120 per minute.', explanation: '', citation: 2, citations: [2] },
    ]);
  });
});
