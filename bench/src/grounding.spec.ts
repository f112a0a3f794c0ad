import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { repoRoot } from './datasets.js';
import { scoreGrounding } from './grounding-evaluation.js';
import { flips, loadPairs, paraphrase } from './grounding-pairs.js';

describe('grounding pairs', () => {
  it('flip a sentence by negation, dose, unit, population and frequency, and reword it faithfully', () => {
    const sentence = 'Give zinc 20 mg daily for 10 days to children with diarrhoea.';
    expect(flips(sentence)).toEqual([
      { kind: 'negation_added', step: 'Do not give zinc 20 mg daily for 10 days to children with diarrhoea.' },
      { kind: 'dose_x10', step: 'Give zinc 200 mg daily for 10 days to children with diarrhoea.' },
      { kind: 'dose_div10', step: 'Give zinc 2 mg daily for 10 days to children with diarrhoea.' },
      { kind: 'unit_swapped', step: 'Give zinc 20 g daily for 10 days to children with diarrhoea.' },
      { kind: 'population_swapped', step: 'Give zinc 20 mg daily for 10 days to adults with diarrhoea.' },
      { kind: 'frequency_changed', step: 'Give zinc 20 mg daily for 30 days to children with diarrhoea.' },
    ]);
    expect(flips('Do not give aspirin to children under 16 years.')[0]).toEqual({ kind: 'negation_removed', step: 'Give aspirin to children under 16 years.' });
    expect(paraphrase(sentence)).toBe('You should give zinc 20 milligrams daily for ten days to children with diarrhoea.');
  });
});

describe('the grounding check on the test half of the frozen pairs', () => {
  const pairs = loadPairs(resolve(repoRoot, 'bench/data/grounding-pairs.json'));
  const test = pairs.filter((pair) => pair.split === 'test');

  it('has at least 300 pairs in each half', () => {
    expect(test.length).toBeGreaterThanOrEqual(300);
    expect(pairs.length - test.length).toBeGreaterThanOrEqual(300);
  });

  it('drops at most 2 % of faithful steps, and keeps no flipped step but the one known miss (an amount the source states for another action in the same sentence)', () => {
    const score = scoreGrounding(test);
    expect(score.faithfulDropped / score.faithful).toBeLessThanOrEqual(0.02);
    expect(score.failures.filter((pair) => pair.label === 'flipped').map((pair) => pair.step)).toEqual([
      'Treat NEWS2 of 5 or 6 as moderate risk: arrange senior review within 3 hour and give antibiotics within 3 hours if infection is likely.',
    ]);
  });
});
