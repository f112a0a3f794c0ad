import { describe, expect, it } from '@jest/globals';
import type { Source } from '../sources/source.js';
import { groundingOutcomes, groundSteps } from './grounding-check.js';
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
    expect(report).toEqual({ supported: 1, recited: 1, dropped: 1, dropReasons: { unsupported: 1, polarity: 0, quantity: 0, frequency: 0, population: 0 } });
    expect(steps).toEqual([
      { text: 'Give zinc 20 mg daily for 10 days.', explanation: 'Give oral rehydration solution after each loose stool.', citation: 1, citations: [1] },
      { text: 'Start chest compressions at 100 to 120 per minute.', explanation: '', citation: 2, citations: [2] },
    ]);
  });
});

describe('groundSteps on steps that say something else than their sources', () => {
  const aspirin = [
    source(1, 'Give aspirin 300 mg chewed to adults with suspected heart attack. Do not give aspirin to children under 16 years.'),
    source(2, 'Do not give NSAIDs such as ibuprofen to patients with suspected dengue. Give paracetamol every 6 hours for fever.'),
    source(3, 'Give aspirin 300 mg chewed to adults with suspected heart attack, then call emergency services.'),
  ];

  it('drops flipped polarity, dose, unit, frequency and population, counting each reason', () => {
    const flipped = [
      'Do not give aspirin 300 mg to adults with suspected heart attack.',
      'Give aspirin to children under 16 years.',
      'Give aspirin 300 g chewed to adults with suspected heart attack.',
      'Give NSAIDs such as ibuprofen to patients with suspected dengue.',
      'Give paracetamol every 6 days for fever.',
      'Give aspirin 300 mg chewed to pregnant women with suspected heart attack.',
    ].map((text) => ({ text, explanation: '', citation: 1, citations: [1] }));
    const { steps, report } = groundSteps(flipped, aspirin);
    expect(steps).toEqual([]);
    expect(report).toEqual({ supported: 0, recited: 0, dropped: 6, dropReasons: { unsupported: 0, polarity: 3, quantity: 1, frequency: 1, population: 1 } });
    expect(groundingOutcomes(report)).toEqual({
      supported: 0,
      recited: 0,
      dropped_unsupported: 0,
      dropped_polarity: 3,
      dropped_quantity: 1,
      dropped_frequency: 1,
      dropped_population: 1,
    });
  });

  it('keeps a faithful step, keeps only the citations that state it, and empties a contradicting explanation', () => {
    const { steps } = groundSteps(
      [{ text: 'Aspirin should not be given to children under 16 years.', explanation: 'Give aspirin to children under 16 years.', citation: 2, citations: [2, 1, 3] }],
      aspirin,
    );
    expect(steps).toEqual([{ text: 'Aspirin should not be given to children under 16 years.', explanation: '', citation: 1, citations: [1] }]);
  });
});
