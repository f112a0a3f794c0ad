import { describe, expect, it } from '@jest/globals';
import { tokenize } from '@cairn/rules';
import { scoreSentence, type SelectionContext } from './step-selection.js';

const context: SelectionContext = { queryStems: tokenize('hypoglycaemia glucose'), intent: 'treatment', sourceTopics: new Map(), onTopic: new Set([1]) };
const read = (text: string) => scoreSentence({ text, sourceId: 1, position: 0 }, context)!;

describe('scoreSentence', () => {
  it('reads an instruction after the condition it opens with, decimals and all, in the phase of its verb', () => {
    expect(read('If glucose is below 3.5 mmol/L, give 10% glucose by mouth.')).toMatchObject({ actionable: true, phase: 2 });
    expect(read('Once the child can drink, check glucose again after 30 minutes.')).toMatchObject({ actionable: true, phase: 0 });
  });

  it('reads how long to keep going as a step that follows the treatment, not one of it', () => {
    expect(read('Continue CPR until the person breathes normally or help takes over.').phase).toBe(4);
    expect(read('Continue dual antiplatelet therapy for 12 months.').phase).toBe(2);
    expect(read('Switch to subcutaneous insulin once DKA has resolved and the person is eating.').phase).toBe(4);
    expect(read('Switch from IV to oral treatment once the patient is afebrile and can eat.').phase).toBe(4);
    expect(read('Switch to artesunate if quinine is not available.').phase).toBe(2);
  });

  it('does not read a statement after an opening phrase as an instruction', () => {
    expect(read('For example, cough and fever are common in glucose disorders.').actionable).toBe(false);
    expect(read('In children, hypoglycaemia is common after fasting.').actionable).toBe(false);
  });

  it("prefers the question's people: a child's dose for a child, an adult's below it, others unchanged", () => {
    const forChild = { ...context, queryStems: tokenize('influenza antivirals'), populations: new Set(['child']) };
    const score = (text: string) => scoreSentence({ text, sourceId: 1, position: 0 }, forChild)!.score;
    const child = score('Give children oseltamivir 3 mg/kg twice daily for 5 days.');
    const infant = score('Give infants oseltamivir 3 mg/kg twice daily for 5 days.');
    const anyone = score('Give oseltamivir 3 mg/kg twice daily for 5 days.');
    const adult = score('Give adults oseltamivir 75 mg twice daily for 5 days.');
    expect(child).toBeGreaterThan(anyone);
    expect(infant).toBeCloseTo(child);
    expect(adult).toBeLessThan(anyone);
    expect(scoreSentence({ text: 'Give adults oseltamivir 75 mg twice daily for 5 days.', sourceId: 1, position: 0 }, { ...forChild, populations: new Set() })!.score).toBeCloseTo(anyone);
  });

  it('scores a sentence the step rules would cut below the same advice that fits a step', () => {
    const fits = read('Give 10% glucose by mouth if glucose is below 3.5 mmol/L.');
    const cut = read(`Give 10% glucose by mouth if glucose is below 3.5 mmol/L${', and keep giving it while the person is awake and able to swallow safely'.repeat(2)}.`);
    expect(cut.score).toBeLessThan(fits.score);
  });
});
