import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { repoRoot } from './datasets.js';
import { scoreGrounding } from './grounding-evaluation.js';
import { amountBindings } from './amount-binding-pairs.js';
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

const PAIR_FILES = ['bench/data/grounding-pairs.json', 'bench/data/grounding-amount-pairs.json'];

describe.each(PAIR_FILES)('the grounding check on the test half of %s', (file) => {
  const pairs = loadPairs(resolve(repoRoot, file));
  const test = pairs.filter((pair) => pair.split === 'test');

  it('keeps no flipped step', () => {
    expect(test.some((pair) => pair.label === 'flipped')).toBe(true);
    expect(scoreGrounding(test).failures.filter((pair) => pair.label === 'flipped').map((pair) => pair.step)).toEqual([]);
  });

});

describe('the grounding check on the test halves of both pair files', () => {
  it('drops at most 2 % of faithful steps', () => {
    const test = PAIR_FILES.flatMap((file) => loadPairs(resolve(repoRoot, file))).filter((pair) => pair.split === 'test');
    const score = scoreGrounding(test);
    expect(score.faithfulDropped / score.faithful).toBeLessThanOrEqual(0.02);
  });
});

describe('the frozen pair files', () => {
  it('hold at least 300 pairs in each half of grounding-pairs.json', () => {
    const pairs = loadPairs(resolve(repoRoot, 'bench/data/grounding-pairs.json'));
    const test = pairs.filter((pair) => pair.split === 'test').length;
    expect(test).toBeGreaterThanOrEqual(300);
    expect(pairs.length - test).toBeGreaterThanOrEqual(300);
  });

  it('move an amount to the other action of its sentence, and keep each action with its own', () => {
    expect(amountBindings('Arrange senior review within 1 hour and give antibiotics within 3 hours if infection is likely.')).toEqual([
      { label: 'faithful', kind: 'action_split', step: 'Arrange senior review within 1 hour.' },
      { label: 'faithful', kind: 'action_split', step: 'Give antibiotics within 3 hours if infection is likely.' },
      { label: 'flipped', kind: 'amount_moved', step: 'Arrange senior review within 3 hour and give antibiotics within 3 hours if infection is likely.' },
      { label: 'flipped', kind: 'amount_moved', step: 'Give antibiotics within 1 hours if infection is likely.' },
    ]);
  });
});
