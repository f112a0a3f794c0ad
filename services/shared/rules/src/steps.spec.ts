import { describe, expect, it } from '@jest/globals';
import { cleanSteps, cleanStepText, cutStep } from './steps.js';

describe('cleanStepText', () => {
  it.each([
    ['  give   oral fluids  ', 'Give oral fluids.'],
    ['1. check the airway', 'Check the airway.'],
    ['2) Call for help!', 'Call for help!'],
    ['Step 3: start compressions', 'Start compressions.'],
    ['- • monitor urine output', 'Monitor urine output.'],
    ['* is the patient breathing?', 'Is the patient breathing?'],
    ['a) elevate the legs', 'Elevate the legs.'],
    ['10 mg/kg paracetamol every 6 hours', '10 mg/kg paracetamol every 6 hours.'],
    ['(4) recheck in 15 minutes', 'Recheck in 15 minutes.'],
    ['2.4 mg/kg artesunate', '2.4 mg/kg artesunate.'],
  ])('%j → %j', (raw, clean) => {
    expect(cleanStepText(raw)).toBe(clean);
  });
});

describe('cutStep', () => {
  const sentence = 'Give intravenous artesunate 2.4 mg/kg at 0, 12 and 24 hours for severe malaria in adults.';
  it('keeps steps of 140 characters or fewer', () => {
    const text = 'x'.repeat(140);
    expect(cutStep(text)).toBe(text);
  });
  it('cuts at a sentence break after position 80 with an ellipsis past 150 characters', () => {
    const text = `${sentence} Then switch to a full course of oral artemisinin combination therapy once the patient can swallow.`;
    expect(text.length).toBeGreaterThan(150);
    expect(cutStep(text)).toBe(`${sentence.slice(0, -1)}...`);
  });
  it('cuts without an ellipsis when the original is 150 characters or fewer', () => {
    const text = `${sentence} Reassess daily now.`.padEnd(145, '!');
    expect(text.length).toBeLessThanOrEqual(150);
    expect(cutStep(text)).toBe(sentence);
  });
  it("does not take the full stop of an abbreviation ('vs.') for a sentence break", () => {
    const text = 'There was a marked decrease in endothelium-dependent dilation after the high-fat meal than the low-fat meal (8.6% vs. 1.2%), in every subject tested there';
    expect(cutStep(text)).toBe('There was a marked decrease in endothelium-dependent dilation after the high-fat meal than the low-fat meal (8.6% vs. 1.2%)...');
    const vitaminK = 'Stop warfarin at once in a patient with major bleeding on anticoagulation, and give 5 mg IV vitamin K. Give prothrombin complex concentrate and recheck the INR';
    expect(cutStep(vitaminK)).toBe('Stop warfarin at once in a patient with major bleeding on anticoagulation, and give 5 mg IV vitamin K...');
  });
  it('falls back to a clause break, then a word boundary', () => {
    const clause = `${'Check blood glucose in every unconscious patient'.padEnd(95, ' x')}, then give dextrose if it is low and call for senior review straight away please`;
    expect(cutStep(clause)).toBe(`${clause.slice(0, clause.indexOf(',')).trimEnd()}...`);
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const cut = cutStep(words);
    expect(cut.endsWith('...')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(143);
    expect(words.startsWith(cut.slice(0, -3))).toBe(true);
  });
});

describe('cleanSteps', () => {
  it('drops duplicates case-insensitively and steps under 4 characters, keeping order', () => {
    const steps = cleanSteps([{ text: 'Call 999' }, { text: '1. call 999.' }, { text: 'ok' }, { text: '- Give aspirin' }]);
    expect(steps.map((s) => s.text)).toEqual(['Call 999.', 'Give aspirin.']);
  });
  it('keeps at most 12 steps and carries other fields', () => {
    const steps = cleanSteps(Array.from({ length: 20 }, (_, i) => ({ text: `step number ${i}`, citation: i })));
    expect(steps).toHaveLength(12);
    expect(steps[11]).toEqual({ text: 'Step number 11.', citation: 11 });
  });
});
