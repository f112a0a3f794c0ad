import { describe, expect, it } from '@jest/globals';
import { claimConflict, claimConflictWithSource, supportingSentences } from './claim-check.js';

const aspirin = 'Give aspirin 300 mg chewed straight away to adults with suspected heart attack.';
const children = 'Do not give aspirin to children under 16 years.';
const dengue = 'Do not give NSAIDs such as ibuprofen, aspirin or diclofenac to patients with suspected dengue.';

describe('claimConflict', () => {
  it.each([
    ['Do not give aspirin 300 mg to adults with suspected heart attack.', aspirin, 'polarity'],
    ['Give aspirin to children under 16 years.', children, 'polarity'],
    ['Give NSAIDs such as ibuprofen to patients with suspected dengue.', dengue, 'polarity'],
    ['Give aspirin 300 g chewed to adults with suspected heart attack.', aspirin, 'quantity'],
    ['Give aspirin 3000 mg chewed to adults with suspected heart attack.', aspirin, 'quantity'],
    ['Give paracetamol every 2 hours.', 'Give paracetamol every 4 to 6 hours.', 'frequency'],
    ['Record an ECG within 60 minutes.', 'Record an ECG within 10 minutes.', 'frequency'],
    ['Give zinc 20 mg weekly for 10 days.', 'Give zinc 20 mg daily for 10 days.', 'frequency'],
    ['Give paracetamol 4 times a day.', 'Give paracetamol 2 times a day.', 'frequency'],
    ['Give aspirin 300 mg chewed to children with suspected heart attack.', aspirin, 'population'],
    ['Do not give aspirin to children over 16 years.', children, 'population'],
    ['Give amoxicillin 40 mg per kg.', 'Give amoxicillin 40 mg/kg.', null],
    ['Give amoxicillin 40 mg.', 'Give amoxicillin 40 mg/kg.', 'quantity'],
    ['Give ORS 75 ml/kg under 4 hours.', 'Give ORS 75 ml/kg over 4 hours.', 'frequency'],
    ['Refer if ST resolution is under 50%.', 'Refer if ST resolution is over 50%.', 'quantity'],
    ['Give adults younger than 1 year oseltamivir 3 mg/kg.', 'Give adults oseltamivir 75 mg. Give infants younger than 1 year oseltamivir 3 mg/kg.', 'population'],
    ['Give amoxicillin 40 mg per day.', 'Give amoxicillin 40 mg/kg.', 'quantity'],
    ['Give amoxicillin 40 mg/kg per day.', 'Give amoxicillin 40 mg/kg weekly.', 'frequency'],
    ['Give zinc 20 mg daily to infants under 6 months.', 'Give zinc 20 mg daily to children; give 10 mg daily to infants under 6 months.', 'population'],
    ['Give aspirin 300 mg if they are allergic to it.', 'Give aspirin 300 mg unless they are allergic to it.', 'polarity'],
    ['Give aspirin 300 mg if they are not allergic to it.', 'Give aspirin 300 mg unless they are allergic to it.', null],
    ['Give no more than 4 doses in 24 hours.', 'Give up to 4 doses in 24 hours.', null],
    ['Give at least 4 doses in 24 hours.', 'Give up to 4 doses in 24 hours.', 'quantity'],
    ['Never give aspirin to children under 16 years.', children, null],
    ['Aspirin should not be given to children under 16 years.', children, null],
    ['Aspirin is contraindicated in children under 16 years.', children, null],
    ['Give aspirin 300 mg to adults with suspected heart attack.', aspirin, null],
    ['Give aspirin 300 milligrams to adults with suspected heart attack.', aspirin, null],
    ['Give paracetamol twice daily.', 'Give paracetamol two times a day.', null],
    ['Give aspirin 300 mg if the person is not allergic to it.', 'If the person is not allergic to aspirin, give aspirin 300 mg.', null],
    ['Give aspirin 300 mg if the person is allergic to it.', 'If the person is not allergic to aspirin, give aspirin 300 mg.', 'polarity'],
    ['Call emergency services.', 'Keep the person at rest, and do not let them walk; call emergency services.', null],
    ['Do not stop taking the medicine.', 'Do not stop taking the medicine.', null],
    ['Give aspirin 300 mg to adults and do not give it to children under 16.', 'Give aspirin 300 mg to adults; never give aspirin to children under 16.', null],
    ['Give aspirin to children under 16 and do not give it to adults.', 'Give aspirin 300 mg to adults; never give aspirin to children under 16.', 'polarity'],
    ['Stop taking the medicine.', 'Do not stop taking the medicine.', 'polarity'],
    ['Give paracetamol within 2 hours and call a doctor within 1 hour.', 'Give paracetamol within 1 hour and call a doctor within 2 hours.', 'frequency'],
    ['Call a doctor within 2 hours.', 'Give paracetamol within 1 hour and call a doctor within 2 hours.', null],
    ['Give 10 mg to adults.', 'Give 10 mg to adults and 5 mg to children.', null],
    ['Give 10 mg to children.', 'Give 10 mg to adults and 5 mg to children.', 'quantity'],
    ['A second 2 mg dose after 10 minutes.', 'Give lorazepam 4 mg IV, and a second 2 mg dose after 10 minutes if seizures continue.', null],
    ['A second 4 mg dose after 10 minutes.', 'Give lorazepam 4 mg IV, and a second 2 mg dose after 10 minutes if seizures continue.', 'quantity'],
    ['Give 1 mg/ml (1:1000) adrenaline 0.01 mg/kg into the thigh.', 'Give adrenaline 1 mg/ml (1:1000) 0.01 mg/kg into the thigh.', null],
  ])('%s ← %s: %s', (step, source, expected) => {
    expect(claimConflictWithSource(step, source)).toBe(expected);
  });
});

describe('claimConflict on the whole text', () => {
  it('binds an amount to the action it is stated for, across sentences too', () => {
    const source = 'Give antibiotics within 1 hour in septic shock. Give antibiotics within 3 hours when sepsis is possible.';
    expect(claimConflict('Give antibiotics within 3 hours in septic shock.', source)).toBe('frequency');
    expect(claimConflictWithSource('Give antibiotics within 3 hours in septic shock.', source)).toBe('frequency');
    expect(claimConflict('Give antibiotics within 3 hours when sepsis is possible.', source)).toBeNull();
  });
});

describe('supportingSentences', () => {
  it('takes the sentence that carries the step, and another only for words the first lacks', () => {
    const source = `${aspirin} Call emergency services at once. ${children}`;
    expect(supportingSentences('Do not give aspirin to children under 16.', source)).toEqual([children]);
    expect(supportingSentences('Give aspirin to adults and call emergency services.', source)).toEqual(['Call emergency services at once.', aspirin]);
    expect(claimConflictWithSource('Give aspirin to children under 16 years.', source)).toBe('polarity');
    expect(claimConflictWithSource('Give aspirin 300 mg chewed to adults with suspected heart attack.', source)).toBeNull();
  });
});
