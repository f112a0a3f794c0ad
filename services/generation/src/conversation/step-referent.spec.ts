import { describe, expect, it } from '@jest/globals';
import { questionOnTheStep, stepObject } from './step-referent.js';

describe('stepObject', () => {
  it('reads what a step acts on, past its figures and units', () => {
    expect(stepObject('Give paracetamol for fever and body ache.')).toBe('paracetamol');
    expect(stepObject('Give 300 mg aspirin chewed.')).toBe('aspirin');
    expect(stepObject('Give 2 puffs of salbutamol by spacer.')).toBe('salbutamol');
    expect(stepObject('Give glucose 10% by mouth.')).toBe('glucose');
    expect(stepObject('Give magnesium sulfate 4 g IV.')).toBe('magnesium');
    expect(stepObject('Oral rehydration after each loose stool.')).toBeNull();
  });
});

describe('questionOnTheStep', () => {
  it('reads the first pronoun of a question about a step as what the step acts on', () => {
    expect(questionOnTheStep('how often can it be given?', 'Give paracetamol for fever.')).toBe('how often can paracetamol be given?');
    expect(questionOnTheStep('what dose for a 7 yo?', 'Give paracetamol for fever.')).toBe('what dose for a 7 yo?');
  });
});
