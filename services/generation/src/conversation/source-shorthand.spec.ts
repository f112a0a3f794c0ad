import { describe, expect, it } from '@jest/globals';
import { definitionsIn, shorthandReadings } from './source-shorthand.js';

const meningitis = [
  'Give benzylpenicillin 300 mg under 1 year, 600 mg at 1 to 9 years, and 1.2 g for people aged 10 years and over.',
  'Offer close contacts antibiotic prophylaxis, usually a single dose of ciprofloxacin.',
  'Give tranexamic acid within 3 hours of injury.',
];
const stands = (question: string, sources = meningitis) => shorthandReadings(question, sources).map(({ shorthand, stands: long }) => `${shorthand}=${long}`);

describe('shorthandReadings', () => {
  it('reads a drug shortened from its start as the one source word it spells', () => {
    expect(stands('who gets the cipro prophylaxis?')).toEqual(['cipro=ciprofloxacin']);
    expect(stands('benpen dose for a 6 yr old?')).toEqual(['benpen=benzylpenicillin']);
  });

  it('reads a shortened name as each medicine it begins when they are of one class, and as none otherwise', () => {
    expect(stands('pen allergy?', ['Give penicillin V for 10 days.', 'Penicillamine can cause a rash.'])).toEqual([]);
    expect(stands('hep B first?', ['Test for hepatitis B before starting.', 'Avoid in severe hepatic impairment.'])).toEqual([]);
    const asthma = ['Give oral prednisolone 1 mg/kg in children.', 'Give prednisone 40 mg daily for 5 days in adults, as prescribed, when PEF is under half of predicted.'];
    expect(stands('what pred dose for a 4 yo?', asthma)).toEqual(['pred=prednisolone', 'pred=prednisone']);
  });

  it('reads an abbreviation in capitals by the initials of a source phrase', () => {
    expect(stands('TXA dose?')).toEqual(['TXA=tranexamic acid']);
  });

  it('reads an abbreviation the sources define after its long form, even where they use it', () => {
    const repellents = ['Recommend a repellent with DEET or oil of lemon eucalyptus (OLE).', 'Do not use OLE on children younger than 3 years.'];
    expect(stands('what age is too young for OLE repellent?', repellents)).toEqual(['OLE=oil of lemon eucalyptus']);
    const snakebite = ['Perform the 20-minute whole blood clotting test (20WBCT) on arrival.'];
    expect(stands('how do I do the 20WBCT?', snakebite)).toEqual(['20WBCT=20-minute whole blood clotting test']);
  });

  it('leaves alone words the sources use, everyday words, and shorthand that fits several source words', () => {
    expect(stands('ciprofloxacin for close contacts?')).toEqual([]);
    expect(stands('can I give it at home?')).toEqual([]);
    expect(stands('cef dose?', ['Give cefixime or ceftriaxone.'])).toEqual([]);
    expect(stands('OD signs?', ['Suspect opioid overdose with pinpoint pupils.'])).toEqual([]);
  });

  it('reads no list marker or bracketed note as a definition, and reads a long list quickly', () => {
    const markers = ['Give intravenous fluids (i) Ringer lactate or (ii) normal saline.', 'Give ceftriaxone 80 mg/kg once daily (Children).'];
    expect(stands('Can I give ORS at home?', markers)).toEqual([]);
    expect(stands('Paracetamol for Children?', markers)).toEqual([]);
    const list = Array.from({ length: 4000 }, (_, i) => `- give fluid ${i} to the child`).join('\n');
    const started = performance.now();
    expect(stands('What Is The TXA Dose For A Child', [list, 'Give tranexamic acid (TXA) early.'])).toEqual(['TXA=tranexamic acid']);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('lists the abbreviations the sources define, each with its long form', () => {
    const sources = ['Offer ambulatory blood pressure monitoring (ABPM) to confirm the diagnosis, or home monitoring (HBPM) if ABPM is unsuitable.', 'For HBPM, take 2 seated readings.'];
    expect(Object.fromEntries(definitionsIn(sources))).toEqual({ ABPM: 'ambulatory blood pressure monitoring', HBPM: 'home monitoring' });
    expect(definitionsIn(['Give ceftriaxone 80 mg/kg once daily (Children).']).size).toBe(0);
  });
});
