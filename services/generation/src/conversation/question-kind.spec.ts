import { describe, expect, it } from '@jest/globals';
import { ANSWER_SIGNALS, askedVerb, classifyQuestion, type QuestionKind } from './question-kind.js';

describe('classifyQuestion', () => {
  it.each<[string, QuestionKind]>([
    ['what paracetamol dose is safe for a child with fever?', 'dose'],
    ['how much naloxone is given as a nasal spray?', 'dose'],
    ['what is the time window for thrombolysis in ischaemic stroke?', 'timing'],
    ['how long should a burn be cooled under running water?', 'duration'],
    ['how long do we keep the aspirin 300 going?', 'duration'],
    ['how long after the bite can the vaccine still be started?', 'timing'],
    ['which outpatients still get antivirals after 48 hours?', 'who'],
    ['anything i need to check before primaquine?', 'checks'],
    ['patient is asthmatic - is inhaled zanamivir ok?', 'avoid'],
    ["what counts as 'persistent' vomiting here?", 'value'],
    ['when should parents call 911 for a febrile fit?', 'refer'],
    ['mum asking if she can give calpol and nurofen together?', 'avoid'],
    ['kid keeps vomiting with the diarrhoea, can i give ondansetron?', 'avoid'],
    ['when can we start aspirin after this?', 'timing'],
    ['and when can we start aspirin?', 'timing'],
    ['what oxygen saturation is ok?', 'value'],
    ["how do I give fluids if I can't get IV access?", 'how'],
    ['how long should she take the amoxicillin?', 'duration'],
    ['how long does it take to work?', 'timing'],
    ['when do we give blood before surgery?', 'timing'],
    ['how soon after exposure should MMR vaccine be given?', 'timing'],
    ['should a tourniquet be tied on a snake bite?', 'avoid'],
    ['what should never be put on a burn?', 'avoid'],
    ['which painkillers should be avoided in dengue?', 'avoid'],
    ['when should I refer to hospital?', 'refer'],
    ['at what blood pressure is hypertension diagnosed?', 'value'],
    ['what % of body surface burnt needs referral?', 'value'],
    ['oxygen saturation cutoff for admitting?', 'value'],
    ['what counts as a high NEWS2 score?', 'value'],
    ['what if eGFR is low?', 'value'],
    ['is low molecular weight heparin ok in pregnancy?', 'avoid'],
    ['are high doses of vitamin D needed?', 'dose'],
    ['how long should we wait if the fever stays high?', 'timing'],
    ['which side effects should I warn about?', 'signs'],
    ['what oxygen saturation means the patient needs hospital care?', 'value'],
    ['what lowers blood pressure quickly?', 'general'],
    ['what age is too young for this repellent?', 'age'],
    ['youngest kid who can get 3HP?', 'age'],
    ['from what age can pts get it?', 'age'],
    ['dose for the youngest child?', 'dose'],
    ['where do I inject the adrenaline?', 'where'],
    ["how do I know if it's SAM?", 'signs'],
    ['which muscle is best for the IM dose?', 'dose'],
    ['how fast should chest compressions be?', 'rate'],
    ['who is eligible for antivirals?', 'who'],
    ['how do I give back blows?', 'how'],
    ['no lund browder chart here - quick way to estimate % burn?', 'how'],
    ['what are the warning signs?', 'signs'],
    ['why does this matter?', 'why'],
    ['anything else?', 'general'],
  ])('%s → %s', (question, kind) => {
    expect(classifyQuestion(question)).toBe(kind);
  });

  it('knows what an answering sentence says for each kind', () => {
    expect(ANSWER_SIGNALS.dose!.test('Give paracetamol 15 mg/kg per dose.')).toBe(true);
    expect(ANSWER_SIGNALS.timing!.test('Give IV thrombolysis within 4.5 hours of last known well.')).toBe(true);
    expect(ANSWER_SIGNALS.avoid!.test('Do not tie a tight tourniquet.')).toBe(true);
    expect(ANSWER_SIGNALS.rate!.test('Compress at 100 to 120 compressions per minute.')).toBe(true);
    expect(ANSWER_SIGNALS.dose!.test('Suspect stroke in anyone with sudden weakness.')).toBe(false);
    expect(ANSWER_SIGNALS.dose!.test('Give ceftriaxone 2 grams IV, or one ampoule of 1:1000 adrenaline IM.')).toBe(true);
    expect(ANSWER_SIGNALS.dose!.test('Give 8-10 vials of polyvalent ASV.')).toBe(true);
    expect(ANSWER_SIGNALS.dose!.test('Give one dose of paracetamol in the clinic.')).toBe(false);
    expect(ANSWER_SIGNALS.duration!.test('Give aspirin 300 mg within 24 hours, and continue it for 2 weeks.')).toBe(true);
    expect(ANSWER_SIGNALS.duration!.test('Start aspirin 160-300 mg within 48 hours.')).toBe(false);
    expect(ANSWER_SIGNALS.checks!.test('Test G6PD activity before primaquine.')).toBe(true);
    expect(ANSWER_SIGNALS.who!.test('Treat outpatients at higher risk of complications.')).toBe(true);
    expect(ANSWER_SIGNALS.who!.test('Give 3HP as 12 once-weekly doses from age 2.')).toBe(true);
    expect(ANSWER_SIGNALS.how!.test('Give up to 5 chest thrusts with 2 fingers on the lower half of the breastbone.')).toBe(true);
    expect(ANSWER_SIGNALS.age!.test('Give 3HP as 12 once-weekly doses from age 2.')).toBe(true);
    expect(ANSWER_SIGNALS.age!.test('Offer people aged 12 years or older the 4-month regimen.')).toBe(true);
    expect(ANSWER_SIGNALS.age!.test('Do not use OLE on children younger than 3 years.')).toBe(true);
    expect(ANSWER_SIGNALS.age!.test('Give 4R as daily rifampin for 4 months: 15 to 20 mg/kg in children.')).toBe(false);
    expect(ANSWER_SIGNALS.age!.test('Escalate if potassium is below 3.5 mmol/L.')).toBe(false);
    for (const notAnAge of ['Refer if the systolic BP is below 90.', 'Hold if eGFR is below 30;', 'Treat for at least 6 months.', 'Give 2 doses at least 4 weeks apart.', 'Give oxygen to children under 92% on air.', 'Weigh children under 20 kg.'])
      expect(ANSWER_SIGNALS.age!.test(notAnAge)).toBe(false);
    for (const anAge of ['Admit adults over 65 with pneumonia.', 'Children under 5 are at highest risk.', 'Vaccinate infants from 6 months of age.', 'Screen everyone (≥65 years).', 'Offer it to over-65s.'])
      expect(ANSWER_SIGNALS.age!.test(anAge)).toBe(true);
  });
});

describe('askedVerb', () => {
  it.each<[string, string | null]>([
    ['how do i calculate the fluids?', 'calculate'],
    ['How should we cool him?', 'cool'],
    ['how should a dog bite wound be cleaned?', 'cleaned'],
    ['how do I know if it is working?', null],
    ['how do we tell a full thickness burn from a partial one?', null],
    ['how long at each stage?', null],
    ['how often can it be given?', null],
    ['what do I give for severe malaria?', 'give'],
    ['how should paracetamol be given?', null],
    ['how does ORS work?', null],
    ['how do paracetamol and ibuprofen compare?', null],
    ['what should we tell the parents?', null],
    ['what is the dose?', null],
  ])('%j asks about %j', (question, verb) => {
    expect(askedVerb(question)).toBe(verb);
  });
});
