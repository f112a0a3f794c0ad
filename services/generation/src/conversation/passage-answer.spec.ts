import { describe, expect, it } from '@jest/globals';
import { citationsAsSources } from '../sources/citations-as-sources.js';
import { toSources } from '../sources/source.js';
import { answerSentences, composeAnswer, notInSources, type PassageAnswer } from './passage-answer.js';

/** One source whose text is these lines, as a protocol section arrives. */
const listSource = (title: string, organization: string, lines: string[]) => toSources([{ text: lines.join('\n'), title, organization }]);

const stroke = listSource('Stroke: warning signs and FAST', 'CDC', [
  '- Suspect stroke in anyone with sudden weakness or numbness of the face, arm or leg.',
  '- Use FAST: face drooping, arm weakness, speech difficulty, time to call an ambulance.',
  '- Give IV thrombolysis to eligible ischemic stroke patients within 4.5 hours of last known well.',
  '- Give alteplase 0.9 mg/kg (maximum 90 mg), with 10% as a bolus over 1 minute.',
  '- Lower blood pressure below 185/110 mmHg before thrombolysis.',
]);

const sentences = (answer: PassageAnswer) => ('sentences' in answer ? answer.sentences : []);

describe('answerSentences', () => {
  it('leads with the sentence that answers the question, then at most 3 supporting ones', () => {
    const answer = answerSentences({ question: 'what is the time window for thrombolysis in ischaemic stroke?', topic: 'Stroke Warning Signs', sources: stroke });
    const found = sentences(answer);
    expect(found[0].text).toBe('Give IV thrombolysis to eligible ischemic stroke patients within 4.5 hours of last known well.');
    expect(found[0].sourceId).toBe(1);
    expect(found.length).toBeLessThanOrEqual(4);
  });

  it('reads an adjective of the question by its noun, and a question on whether something is ok as one on what to avoid', () => {
    const flu = listSource('Influenza: antiviral treatment', 'CDC', [
      '- For uncomplicated influenza, use oseltamivir, inhaled zanamivir, IV peramivir or oral baloxavir according to age and contraindications.',
      '- Give zanamivir 10 mg (two inhalations) twice daily for 5 days from age 7.',
      '- Do not use inhaled zanamivir in people with asthma, COPD or other chronic airway disease, because it can cause bronchospasm.',
    ]);
    const found = sentences(answerSentences({ question: 'patient is asthmatic - is inhaled zanamivir ok?', topic: 'Influenza antiviral treatment', sources: flu }));
    expect(found[0].text).toMatch(/^Do not use inhaled zanamivir in people with asthma/);
  });

  it('answers a question about signs with a sentence listing several, also as "A, B and C"', () => {
    const dengue = listSource('Dengue: warning signs', 'ICMR', [
      '- Diagnose severe dengue when there is shock, fluid accumulation with respiratory distress, severe bleeding or severe organ impairment.',
      '- Watch for falling urine output, cold extremities and a narrowing pulse pressure as early signs of impending shock.',
    ]);
    const found = sentences(answerSentences({ question: 'early signs that a dengue patient is heading into shock?', topic: 'Dengue warning signs', sources: dengue }));
    expect(found[0].text).toMatch(/^Watch for falling urine output/);
  });

  it('prefers the sentence whose bounds hold the reading the question gives', () => {
    const dka = listSource('DKA: potassium', 'NHS', [
      '- Add 40 mmol/L of potassium to each litre of fluid if potassium is 3.5 to 5.5 mmol/L.',
      '- Give no potassium if it is above 5.5 mmol/L.',
    ]);
    const answer = (question: string) => sentences(answerSentences({ question, topic: 'DKA', sources: dka }))[0].text;
    expect(answer('K 6.1 - how much potassium?')).toMatch(/^Give no potassium/);
    expect(answer('K 4.2 - how much potassium?')).toMatch(/^Add 40 mmol/);
  });

  it('reads a number the question has someone call as what to do, not an amount', () => {
    const fever = listSource('Fever in children: warning signs', 'CDC', [
      '- Tell parents to seek urgent help if the child has a fit, a non-blanching rash, or fever lasts 5 days or more.',
      '- Call 911 if a seizure lasts more than 5 minutes or the child has trouble breathing.',
      '- Teach parents the danger signs and to return at once if the child becomes drowsy.',
    ]);
    const found = sentences(answerSentences({ question: 'when should parents call 911 for a fit?', topic: 'Fever in children', sources: fever }));
    expect(found[0].text).toMatch(/^Call 911 if a seizure lasts/);
  });

  it('says plainly that the sources give no dose when the sentence naming the medicine states none', () => {
    const hypo = listSource('Diabetes: hypoglycaemia', 'CDC', [
      '- For severe hypoglycemia with confusion or inability to swallow safely, give glucagon and call 911; do not give food by mouth.',
      '- Treat blood glucose below 70 mg/dL with 15 g of fast-acting carbohydrate.',
    ]);
    const answer = answerSentences({ question: 'glucagon dose for an adult who cannot swallow?', topic: 'Hypoglycaemia', sources: hypo });
    expect(answer).toEqual({ unanswered: ['glucagon'], asked: 'dose' });
    const prose = toSources([{ text: 'For severe hypoglycaemia give glucagon intramuscularly. The dose is 1 mg, or 0.5 mg under 25 kg.', title: 'Hypoglycaemia', organization: 'NHS' }]);
    expect(sentences(answerSentences({ question: 'glucagon dose?', topic: 'Hypoglycaemia', sources: prose })).length).toBeGreaterThan(0);
    const inWords = listSource('Anaphylaxis', 'WHO', ['- Give adrenaline one ampoule of 1:1000 IM into the thigh.']);
    expect('sentences' in answerSentences({ question: 'adrenaline dose?', topic: 'Anaphylaxis', sources: inWords })).toBe(true);
    expect(answerSentences({ question: 'alcohol dose with metronidazole?', topic: 'Hypoglycaemia', sources: hypo })).not.toHaveProperty('asked');
    expect(notInSources(['glucagon'], 'dose')).toBe("The protocol's sources do not say what dose of glucagon to give, so they do not answer this question.");
  });

  it('reads someone asking for something as framing, and a word for people the sources name otherwise as no missing subject', () => {
    const covid = listSource('COVID-19 home care', 'WHO', [
      '- Isolate the patient in a separate well-ventilated room and ask them to wear a well-fitting mask when others are near.',
      '- Do not prescribe antibiotics unless a bacterial infection is suspected, and do not use hydroxychloroquine or ivermectin.',
    ]);
    expect(sentences(answerSentences({ question: "patient's asking for ivermectin, any role?", topic: 'COVID-19 home care', sources: covid }))[0].text).toMatch(/ivermectin\.$/);
    const vaccine = listSource('Malaria prevention', 'WHO', ['- Give malaria vaccine (RTS,S/AS01 or R21/Matrix-M) to children in endemic areas in a 4-dose schedule from 5 months of age.']);
    expect(sentences(answerSentences({ question: 'from what age can babies get R21?', topic: 'Malaria prevention', sources: vaccine }))[0]?.text).toMatch(/from 5 months of age/);
  });

  it('answers with another way when the question says what it names is not at hand', () => {
    const burns = listSource('Burns: assessment', 'ICMR', [
      '- Estimate the burn size as a percentage of total body surface area (TBSA) using a Lund and Browder chart.',
      "- Estimate the burn size as % total body surface area (TBSA) using the rule of nines, or the patient's palm as about 1%.",
    ]);
    const found = sentences(answerSentences({ question: 'no lund browder chart here - quick way to estimate % burn?', topic: 'Burns', sources: burns }));
    expect(found[0].text).toMatch(/rule of nines/);
  });

  it('reads a medicine WordNet does not know by the class its name stem says', () => {
    const diarrhoea = listSource('Diarrhoea in children', 'WHO', [
      '- Give small frequent sips from a cup or spoon; if the child vomits, wait 10 minutes and then continue more slowly.',
      '- Do not give antidiarrhoeal or antiemetic medicines to young children with acute diarrhoea.',
    ]);
    const found = sentences(answerSentences({ question: 'kid keeps vomiting with the diarrhoea, can i give ondansetron?', topic: 'Diarrhoea in children', sources: diarrhoea }));
    expect(found[0].text).toMatch(/^Do not give antidiarrhoeal or antiemetic/);
  });

  it("weighs what an asked medicine is read as ('albuterol' of salbutamol) no more than the medicine itself", () => {
    const asthma = listSource('Asthma attack', 'CDC', [
      '- Give adults albuterol 2.5 to 5 mg by nebulizer, or 4 to 8 puffs by MDI with spacer, every 20 minutes for 3 doses.',
      '- Give salbutamol by spacer one puff at a time up to 10 puffs, or nebulised 2.5 mg at ages 2 to 5 or 5 mg over 5 if severe.',
      '- Sit the person upright and give salbutamol by metered-dose inhaler and spacer.',
      '- Add nebulised ipratropium to each salbutamol dose if the response is poor.',
      '- Repeat salbutamol every 20 minutes in the first hour.',
      '- Consider continuous salbutamol for a life-threatening attack.',
      '- Review the salbutamol response after 15 minutes.',
    ]);
    const found = sentences(answerSentences({ question: 'salbutamol dose for a 3 yo?', topic: 'Asthma attack', expansions: ['albuterol'], sources: asthma }));
    expect(found[0].text).toMatch(/^Give salbutamol by spacer/);
  });

  it("leads with the dose for the asked age's band over one that only says children, reading 'pred' as the prednisolone the sources name", () => {
    const asthma = listSource('Asthma attack', 'NHS', [
      '- Give systemic corticosteroids within the first hour: prednisone 40 to 80 mg daily in adults, or 1 to 2 mg/kg (max 60 mg) in children.',
      '- Give prednisolone 20 mg at ages 2 to 5 or 30 to 40 mg over age 5, usually for 3 days.',
      '- Step down when PEF is above 75% of best or predicted.',
    ]);
    const found = sentences(answerSentences({ question: '4 yo in with an acute asthma attack - what pred dose?', topic: 'Asthma attack', sources: asthma }));
    expect(found[0]?.text).toMatch(/^Give prednisolone 20 mg at ages 2 to 5/);
  });

  it('answers a question asking from what age with the sentence that states one, not one that only says children', () => {
    const tb = listSource('Latent tuberculosis infection', 'CDC', [
      '- Offer 3HP to children and adults with latent TB infection, including people with HIV.',
      '- Give 3HP as 12 once-weekly doses of isoniazid plus rifapentine, by directly observed therapy, for 3 months, from age 2.',
    ]);
    expect(sentences(answerSentences({ question: 'youngest kid who can get 3HP?', topic: 'Latent TB', sources: tb }))[0]?.text).toMatch(/from age 2\.$/);
  });

  it("reads a reading's measure as said by the sources that name it ('sugar 13' of glucose)", () => {
    const dka = listSource('DKA', 'NHS', ['- Add 10% glucose at 125 mL per hour when blood glucose falls below 14 mmol/L.']);
    expect(sentences(answerSentences({ question: 'sugar 13 now - what next?', topic: 'DKA', sources: dka }))[0]?.text).toMatch(/^Add 10% glucose/);
  });

  it('leads a "how do I…" question with the instruction that does what it asks', () => {
    const burns = listSource('Burns: fluid resuscitation', 'ICMR', [
      '- Start IV fluids for burns over 15% TBSA in adults and over 10% TBSA in children, using two large-bore cannulas.',
      '- Add maintenance fluid containing dextrose for young children, in addition to the resuscitation volume.',
      "- Calculate Ringer's lactate by the Parkland formula: 4 ml x weight (kg) x % TBSA over the first 24 hours from the burn.",
    ]);
    const found = sentences(answerSentences({ question: 'how do i calculate the fluids?', topic: 'Burns fluid resuscitation', sources: burns }));
    expect(found[0].text).toMatch(/^Calculate Ringer's lactate/);
    const dose = sentences(answerSentences({ question: 'how do i give the fluids to a child?', topic: 'Burns fluid resuscitation', sources: burns }));
    expect(dose[0].text).not.toMatch(/^Calculate/);
  });

  it('says the sources do not answer a question about pregnancy, breastfeeding or kidney or liver disease when no sentence names those people', () => {
    const typhus = listSource('Scrub typhus treatment', 'ICMR', [
      '- Give doxycycline 100 mg orally or IV every 12 hours to adults for 7 days.',
      '- Give children doxycycline 4.5 mg/kg/day in two divided doses.',
      '- Use azithromycin in pregnant women with scrub typhus instead of doxycycline.',
    ]);
    const ask = (question: string) => answerSentences({ question, topic: 'Scrub typhus', sources: typhus });
    expect(ask('is doxycycline ok in a breastfeeding mother?')).toEqual({ unanswered: ['breastfeeding'] });
    expect(notInSources(['breastfeeding'])).toBe('The protocol\'s sources do not mention “breastfeeding”, so they do not answer this question.');
    expect(sentences(ask('is doxycycline ok in pregnancy?'))[0].text).toMatch(/^Use azithromycin in pregnant women/);
    const diabetes = toSources([{ text: '- Reduce metformin to 1 g per day if eGFR is below 45.\n- Aim for HbA1c below 7%.', title: 'Type 2 diabetes', organization: 'NHS' }]);
    expect(sentences(answerSentences({ question: 'what about metformin in renal impairment?', topic: 'Type 2 diabetes', sources: diabetes }))[0].text).toMatch(/eGFR/);
  });

  it('leads with the answer for everyone the question asks about before one for people with something it does not name', () => {
    const hypertension = listSource('Hypertension (high blood pressure): treatment', 'WHO', [
      '- Start medicines at systolic BP of 130-139 mmHg in people with established cardiovascular disease.',
      '- Start antihypertensive medicines in adults with confirmed blood pressure of 140/90 mmHg or higher.',
      '- Count TST induration of 5 mm or more as positive in people with HIV, recent contacts or immunosuppression.',
    ]);
    const ask = (question: string) => sentences(answerSentences({ question, topic: 'Hypertension (high blood pressure)', expansions: ['blood pressure', 'medicines'], sources: hypertension }))[0].text;
    expect(ask('at what BP do we start meds?')).toMatch(/140\/90/);
    expect(ask('at what BP do we start meds with established cardiovascular disease?')).toMatch(/130-139/);
    expect(ask('what induration counts as positive in a household contact?')).toMatch(/5 mm/);
  });

  it("reads a medicine by its class and an act by its kinds when the sources name those instead", () => {
    const covid = listSource('COVID-19 home care', 'WHO', [
      '- Do not give systemic steroids for mild COVID-19; misuse raises the risk of secondary infection.',
      '- Do not start anticoagulants or other hospital-only therapies at home without a doctor’s assessment.',
    ]);
    expect(sentences(answerSentences({ question: 'should I start dexamethasone for mild covid at home?', topic: 'COVID-19 home care', sources: covid }))[0].text).toMatch(/^Do not give systemic steroids/);
    const rabies = listSource('Rabies post-exposure prophylaxis', 'WHO', [
      '- Stop PEP if a biting dog or cat stays healthy throughout a 10-day observation period.',
      '- Wash and flush every bite or scratch at once for about 15 minutes with soap and water.',
      '- Avoid suturing bite wounds where possible.',
    ]);
    expect(sentences(answerSentences({ question: 'how should a dog bite wound be cleaned?', topic: 'Rabies PEP', sources: rabies }))[0].text).toMatch(/^Wash and flush/);
  });

  it("leads with the dose for the question's people, an age read as its age group", () => {
    const flu = listSource('Influenza antivirals', 'CDC', [
      '- Give adults oseltamivir 75 mg twice daily for 5 days.',
      '- Give children oseltamivir by weight twice daily: 30 mg if 15 kg or less, 45 mg over 15 to 23 kg, 60 mg over 23 to 40 kg.',
    ]);
    const ask = (question: string) => sentences(answerSentences({ question, topic: 'Influenza antivirals', sources: flu }))[0].text;
    expect(ask('what oseltamivir dose for a 7 yo?')).toMatch(/^Give children/);
    expect(ask('what oseltamivir dose for a 70 year old?')).toMatch(/^Give adults/);
    expect(ask('what oseltamivir dose for a 30 month old?')).toMatch(/^Give children/);
  });

  it("leads with the dose for the question's age or weight within the ranges the sentences give", () => {
    const anaphylaxis = listSource('Anaphylaxis', 'NHS', [
      '- Give 500 micrograms IM (0.5 mL) to adults and children over 12 years.',
      '- Give 300 micrograms IM (0.3 mL) to children aged 6 to 12 years.',
      '- Give 150 micrograms IM (0.15 mL) to children aged 6 months to 6 years.',
    ]);
    const ask = (question: string) => sentences(answerSentences({ question, topic: 'Anaphylaxis', sources: anaphylaxis }))[0].text;
    expect(ask('adrenaline dose IM for an 8 yo?')).toMatch(/^Give 300 micrograms/);
    expect(ask('adrenaline dose IM for an 18 month old?')).toMatch(/^Give 150 micrograms/);
    expect(ask('adrenaline dose IM for a 15 year old?')).toMatch(/^Give 500 micrograms/);
    const malaria = listSource('Severe malaria', 'WHO', [
      '- Give IV artesunate 2.4 mg/kg at 0, 12 and 24 hours to adults and children over 20 kg.',
      '- Give IV artesunate 3 mg/kg per dose to children of 20 kg or less.',
    ]);
    expect(sentences(answerSentences({ question: 'artesunate dose for a 12 kg child?', topic: 'Severe malaria', sources: malaria }))[0].text).toMatch(/3 mg\/kg/);
    expect(sentences(answerSentences({ question: 'artesunate dose for a 35 kg child?', topic: 'Severe malaria', sources: malaria }))[0].text).toMatch(/2\.4 mg\/kg/);
  });

  it('leads a threshold question with the sentence that says the level it is reached at', () => {
    const shock = listSource('Septic shock', 'CDC', [
      '- Start norepinephrine as first-line vasopressor for MAP below 65 mmHg despite fluids.',
      '- Add vasopressin when norepinephrine reaches 0.25 to 0.5 mcg/kg/min instead of escalating norepinephrine further.',
    ]);
    expect(sentences(answerSentences({ question: 'norepinephrine going up - at what dose do i add vasopressin?', topic: 'Septic shock', sources: shock }))[0].text).toMatch(/^Add vasopressin/);
  });

  it("reads 'this' in a step thread as what the step acts on even when the question names people and amounts", () => {
    const typhoid = listSource('Enteric fever', 'ICMR', [
      '- Treat uncomplicated enteric fever as an outpatient with oral cefixime 20 mg/kg/day in two divided doses for 14 days.',
      '- Use oral azithromycin 10-20 mg/kg/day (maximum 1 g/day) for 7 days as an alternative for uncomplicated cases.',
      '- Dose ceftriaxone at 2 g IV daily in adults and 75 mg/kg/day in children (maximum 4 g), for a total of 14 days.',
    ]);
    const focus = 'Dose ceftriaxone at 2 g IV daily in adults and 75 mg/kg/day in children (maximum 4 g), for a total of 14 days.';
    expect(sentences(answerSentences({ question: "what's the dose of this for a 20 kg kid?", topic: 'Enteric fever', focus, sources: typhoid }))[0].text).toMatch(/^Dose ceftriaxone/);
  });

  it('reads what is asked by the words it shares with the protocol when its own are only people and amounts', () => {
    const anaphylaxis = listSource('Anaphylaxis: adrenaline', 'NHS', [
      '- Give an IV crystalloid bolus early, 500 to 1000 mL for adults or 10 mL/kg for children.',
      '- Give adrenaline 300 micrograms IM to children aged 6 to 12 years.',
    ]);
    expect(sentences(answerSentences({ question: 'adrenaline dose for a 25 kg child?', topic: 'Anaphylaxis: adrenaline', sources: anaphylaxis }))[0].text).toMatch(/^Give adrenaline/);
  });

  it('reads an adjective the sources lack by what it measures ("how deep?" asks for a depth)', () => {
    const cpr = toSources([
      {
        text: ['- Call 911 immediately and send someone for an AED.', '- Compress to a depth of 5 to 6 cm at 100 to 120 compressions per minute.'].join('\n'),
        title: 'CPR',
        organization: 'CDC',
      },
    ]);
    expect(sentences(answerSentences({ question: 'how deep?', topic: 'CPR', focus: 'Call 911 immediately and send someone for an AED.', sources: cpr }))[0].text).toMatch(/^Compress to a depth/);
  });

  it("reads 'it' in a step thread as what the step's instruction acts on", () => {
    const dengue = listSource('Dengue', 'WHO', [
      '- Give paracetamol for fever and body ache, and do not give NSAIDs such as ibuprofen or aspirin.',
      '- Give ibuprofen 5 to 10 mg/kg every 6 to 8 hours only to children aged 6 months or older.',
      '- Give paracetamol for high fever or discomfort at intervals of at least 6 hours, and no more than 3 g a day in adults.',
    ]);
    const focus = 'Give paracetamol for fever and body ache, and do not give NSAIDs such as ibuprofen or aspirin.';
    expect(sentences(answerSentences({ question: 'how often can it be given?', topic: 'Dengue', focus, sources: dengue }))[0].text).toMatch(/^Give paracetamol for high fever/);
  });

  it("reads a step thread's question by the words it takes from the step when its own are everyday words and ages", () => {
    const tb = listSource('Latent tuberculosis infection', 'CDC', [
      '- Prefer short rifamycin-based regimens (3HP, 4R or 3HR) over 6 or 9 months of isoniazid.',
      '- Dose 3HP isoniazid at 15 mg/kg (25 mg/kg at ages 2 to 11), maximum 900 mg.',
      '- Give 4R as daily rifampin for 4 months: 10 mg/kg in adults and 15 to 20 mg/kg in children, maximum 600 mg.',
    ]);
    const found = sentences(
      answerSentences({ question: 'if I go with 4R from these, what dose for a 7 yo?', topic: 'Latent TB', focus: 'Prefer short rifamycin-based regimens (3HP, 4R or 3HR) over 6 or 9 months of isoniazid.', sources: tb }),
    );
    expect(found[0].text).toMatch(/^Give 4R/);
  });

  it('leads with the sentence that says what is asked about, not one holding only a word rare among the sources', () => {
    const sepsis = listSource('Sepsis: recognition', 'NHS', [
      '- Treat people with suspected neutropenic sepsis as being at very high risk and manage them urgently.',
      '- Give broad-spectrum IV antibiotics within 1 hour when septic shock is present.',
      '- For possible sepsis without shock, give antibiotics within 3 hours if infection remains likely.',
      '- Review antibiotics daily and narrow or stop them once culture results allow.',
      '- Choose antibiotics by the likely source of infection.',
      '- Take blood cultures before antibiotics where this causes no delay.',
      '- Check allergies before choosing antibiotics.',
    ]);
    const found = sentences(answerSentences({ question: 'how soon should antibiotics be given in suspected sepsis?', topic: 'Sepsis Recognition', sources: sepsis }));
    expect(found[0].text).toMatch(/antibiotics within \d hours?/);
  });

  it('leads with the dose for a dose question', () => {
    const found = sentences(answerSentences({ question: 'what dose of alteplase?', topic: 'Stroke Warning Signs', sources: stroke }));
    expect(found[0].text).toMatch(/^Give alteplase 0\.9 mg\/kg/);
  });

  it('answers about the step a thread discusses when the question says only "it"', () => {
    const found = sentences(
      answerSentences({ question: 'what dose is used?', topic: 'Stroke Warning Signs', focus: 'Give IV thrombolysis with alteplase to eligible patients.', sources: stroke }),
    );
    expect(found[0].text).toMatch(/0\.9 mg\/kg/);
  });

  it('quotes whole sentences only: never the piece an excerpt was cut at, never "..."', () => {
    const cut = citationsAsSources([
      { id: 1, source: 'Snakebite', excerpt: '- Reassure the victim of a snake bite and keep them still. - Do not tie a tight tourniquet above a snake bite. - Never cut or suck the wound, or apply...' },
    ]);
    const found = sentences(answerSentences({ question: 'should a tourniquet be tied on a snake bite?', topic: 'Snakebite first aid', sources: cut }));
    expect(found[0].text).toBe('Do not tie a tight tourniquet above a snake bite.');
    const text = composeAnswer(found);
    expect(text).not.toMatch(/\.\.\.|…/);
    expect(text).not.toMatch(/apply/);
    expect(text).not.toMatch(/\. - /);
  });

  it('keeps list items a list after the answering sentence', () => {
    const text = composeAnswer(sentences(answerSentences({ question: 'what is the time window for thrombolysis in ischaemic stroke?', topic: 'Stroke', sources: stroke })));
    const [lead, ...rest] = text.split('\n');
    expect(lead).toBe('Give IV thrombolysis to eligible ischemic stroke patients within 4.5 hours of last known well. [1]');
    expect(rest.length).toBeGreaterThan(0);
    for (const line of rest) expect(line).toMatch(/^- .+[.!?] \[1\]$/);
  });

  it('says plainly when the sources do not mention what is asked', () => {
    const answer = answerSentences({ question: 'what dose of dantrolene should be given?', topic: 'Stroke', sources: stroke });
    expect(answer).toEqual({ unanswered: ['dantrolene'] });
    expect(notInSources(['dantrolene'])).toMatch(/^The protocol's sources do not mention “dantrolene”/);
    expect(notInSources([])).toBe("The protocol's sources do not answer this question.");
  });

  it('reads an abbreviation through what search added to the question, and a number as no subject of its own', () => {
    expect(answerSentences({ question: 'tPA dose?', topic: 'Stroke', sources: stroke })).toEqual({ unanswered: ['tPA'] });
    const found = sentences(answerSentences({ question: 'tPA dose?', topic: 'Stroke', expansions: ['alteplase', 'tissue plasminogen activator'], sources: stroke }));
    expect(found[0].text).toMatch(/^Give alteplase 0\.9 mg\/kg/);
    expect(sentences(answerSentences({ question: 'alteplase for 85 yo?', topic: 'Stroke', sources: stroke }))[0].text).toMatch(/^Give alteplase/);
  });

  it('reads a clinician\'s shorthand and a derived word as the source writes them', () => {
    const flu = listSource('Influenza and burns', 'CDC', [
      '- Start antiviral treatment as soon as possible for every hospitalized patient with influenza.',
      '- Treat outpatients at higher risk of complications, including when they present after 48 hours.',
      '- Estimate the burn size as % total body surface area, using the palm as about 1%.',
      '- Refer burns covering 2% TBSA or more in children and 3% TBSA or more in adults.',
    ]);
    expect(sentences(answerSentences({ question: 'which outpatients still get antivirals after 48h?', topic: 'Influenza', sources: flu }))[0].text).toMatch(/after 48 hours/);
    expect(sentences(answerSentences({ question: 'what % TBSA in a child needs referral?', topic: 'Burns', sources: flu }))[0].text).toMatch(/^Refer burns/);
  });

  it('does not call a question unanswered for everyday words the sources lack', () => {
    const diarrhoea = listSource('Diarrhoea: ORS and zinc', 'WHO', [
      '- Check for severe acute malnutrition, because rehydration must be slower in these children.',
      '- Give zinc for 10-14 days to every child with diarrhoea.',
      '- Give ORS after each loose stool until the diarrhoea stops.',
      '- Explain that zinc shortens the episode and reduces its severity.',
    ]);
    const found = sentences(answerSentences({ question: 'why bother with zinc if ORS is working?', topic: 'Diarrhoea', sources: diarrhoea }));
    expect(found[0].text).toBe('Explain that zinc shortens the episode and reduces its severity.');
    const unanswered = answerSentences({ question: 'does papaya leaf extract help raise zinc?', topic: 'Diarrhoea', sources: diarrhoea });
    expect(unanswered).toEqual({ unanswered: expect.arrayContaining(['papaya']) });
    expect(unanswered).not.toEqual({ unanswered: expect.arrayContaining(['help']) });
  });

  it('answers how with the sentence that says the manner, and which signs with the one that lists them', () => {
    const firstAid = listSource('Choking and head injury', 'NHS', [
      '- Arrange a medical check for anyone who received abdominal thrusts.',
      '- Give up to 5 abdominal thrusts with your fist between the navel and ribcage, pulling sharply inwards and upwards.',
      '- Do a CT head scan within 1 hour for any sign of basal skull fracture.',
      '- Treat haemotympanum, panda eyes, CSF leaking from the nose, or Battle\'s sign as signs of basal skull fracture.',
    ]);
    expect(sentences(answerSentences({ question: 'how do i do abdominal thrusts?', topic: 'Choking', sources: firstAid }))[0].text).toMatch(/^Give up to 5/);
    expect(sentences(answerSentences({ question: 'signs of basal skull fracture?', topic: 'Head injury', sources: firstAid }))[0].text).toMatch(/^Treat haemotympanum/);
  });

  it("reads a clinician's shorthand through the sources and weighs the asked drug above an age", () => {
    const typhus = listSource('Scrub typhus', 'ICMR', [
      '- Give 300 micrograms IM (0.3 mL) to children aged 6 to 12 years.',
      '- Give children doxycycline 4.5 mg/kg/day in two divided doses.',
      '- Give doxycycline 100 mg orally every 12 hours to adults for 7 days.',
    ]);
    const found = sentences(answerSentences({ question: 'doxy dose for a 6 yr old?', topic: 'Scrub typhus', sources: typhus }));
    expect(found[0].text).toBe('Give children doxycycline 4.5 mg/kg/day in two divided doses.');
  });

  it("reads what a step thread's question does to 'it' as the step's own act, and 'how fast' as asking a rate", () => {
    const snakebite = listSource('Snakebite: antivenom', 'WHO', [
      '- Give antivenom intravenously by slow injection of no more than 2 mL per minute, or diluted in 5-10 mL/kg of isotonic fluid over 1 hour.',
      '- Give adrenaline 0.5 mg IM at the first sign of a reaction to antivenom.',
      '- Observe the patient closely for at least 1 hour after starting antivenom.',
    ]);
    const focus = 'Give antivenom intravenously by slow injection of no more than 2 mL per minute, or diluted in 5-10 mL/kg of isotonic fluid over 1 hour.';
    expect(sentences(answerSentences({ question: 'how fast can i push it?', topic: 'Snakebite', focus, sources: snakebite }))[0]?.text).toMatch(/2 mL per minute/);
    expect(answerSentences({ question: 'how fast can i push it?', topic: 'Snakebite', sources: snakebite })).toEqual({ unanswered: [] });
  });

  it("reads a sentence under its section's heading: the rate of the bag-and-mask section answers 'what rate should i squeeze it at?'", () => {
    const newborn = toSources([
      { text: '- Start ventilation with a self-inflating bag and mask within 1 minute of birth if the baby does not breathe.\n- Check the heart rate after about 1 minute of effective ventilation.', title: 'Newborn resuscitation', organization: 'WHO', section: 'Immediate care at birth' },
      { text: '- Give about 40 breaths per minute and watch for the chest to rise gently with each breath.', title: 'Newborn resuscitation', organization: 'WHO', section: 'Bag-and-mask ventilation' },
      { text: '- Give chest compressions at about 90 per minute if the heart rate stays below 60.', title: 'Newborn resuscitation', organization: 'WHO', section: 'Chest compressions' },
    ]);
    const focus = 'Start ventilation with a self-inflating bag and mask within 1 minute of birth if the baby does not breathe.';
    expect(sentences(answerSentences({ question: 'what rate should i squeeze it at?', topic: 'Newborn resuscitation', focus, sources: newborn }))[0].text).toMatch(/^Give about 40 breaths/);
    const anaphylaxis = toSources([
      { text: '- Give adrenaline 0.5 mg IM into the thigh for an adult.', title: 'Anaphylaxis', organization: 'NHS', section: 'Treatment' },
      { text: '- Lay the person flat.\n- Call for help.\n- Keep the person warm.', title: 'Anaphylaxis', organization: 'NHS', section: 'Adrenaline auto-injector: after use' },
    ]);
    expect(sentences(answerSentences({ question: 'what dose of adrenaline in an adult?', topic: 'Anaphylaxis', sources: anaphylaxis })).map((sentence) => sentence.text)).toEqual([
      'Give adrenaline 0.5 mg IM into the thigh for an adult.',
    ]);
  });

  it("reads 'drugs' as said by a sentence naming any medicine", () => {
    const dengue = listSource('Dengue', 'WHO', [
      '- Encourage oral fluids and rest, and review daily.',
      '- Do not give NSAIDs such as ibuprofen or aspirin, because of the bleeding risk.',
    ]);
    expect(sentences(answerSentences({ question: 'what drugs should I avoid?', topic: 'Dengue warning signs', sources: dengue }))[0]?.text).toMatch(/^Do not give NSAIDs/);
    const recovery = listSource('Recovery', 'NHS', ['- Avoid alcohol during recovery.', '- Walk a little more each day.']);
    expect(answerSentences({ question: 'what tablets should she take?', topic: 'Recovery after surgery', sources: recovery })).toEqual({ unanswered: ['tablets'] });
  });

  it('reads a verb the sources lack by the noun it is made from', () => {
    const sepsis = listSource('Sepsis Six', 'NHS', [
      '- Monitor urine output hourly, with a catheter if needed, and escalate if output falls below 0.5 mL/kg per hour.',
      '- Give oxygen if needed to keep SpO2 at 94 to 98%.',
    ]);
    expect(sentences(answerSentences({ question: 'should she be catheterised?', topic: 'Sepsis', sources: sepsis }))[0]?.text).toMatch(/with a catheter/);
  });

  it('does not support an answer with a sentence about another disease than the one asked about', () => {
    const mosquito = listSource('Preventing mosquito-borne diseases', 'WHO', [
      '- Consider dengue vaccine TAK-003 for children aged 6-16 years in settings with high dengue transmission.',
      '- Give malaria vaccine to children in endemic areas in a 4-dose schedule from 5 months of age.',
      '- Use seasonal malaria chemoprevention for young children during the peak transmission season.',
      '- Manage dengue without warning signs as an outpatient with rest, plenty of oral fluids and daily review.',
    ]);
    const found = sentences(answerSentences({ question: 'what dose for dengue in children?', topic: 'Dengue treatment', sources: mosquito })).map(({ text }) => text);
    expect(found[0]).toMatch(/dengue vaccine/);
    expect(found.filter((text) => /malaria/.test(text))).toEqual([]);
  });

  it('reads a brand the sources do not use as the generic name they do', () => {
    const overdose = listSource('Opioid overdose', 'NHS', ['- Give oxygen to keep saturation above 94%.', '- Give naloxone 0.4 mg IV, repeated every 2 to 3 minutes as needed.']);
    const answer = answerSentences({ question: 'how much narcan for an adult?', topic: 'Opioid overdose', sources: overdose });
    expect(sentences(answer)[0]?.text).toMatch(/^Give naloxone/);
  });

  it("answers a question that names only the protocol's own subject from the sentences about it", () => {
    const found = sentences(answerSentences({ question: 'how is thrombolysis given?', topic: 'Stroke thrombolysis', sources: stroke }));
    expect(found[0].text).toMatch(/thrombolysis/);
  });

  it('takes a sentence that says what a shorthand stands for as naming it', () => {
    const snakebite = listSource('Snakebite', 'ICMR', [
      '- Perform the 20-minute whole blood clotting test (20WBCT) on arrival in every snakebite patient.',
      '- Place 2 ml of fresh venous blood in a new, clean, dry glass tube, leave it undisturbed for 20 minutes, then tilt it.',
      '- Give ASV when the blood does not clot.',
    ]);
    const found = sentences(answerSentences({ question: 'how do I do the 20WBCT?', topic: 'Snake bite in India, ASV', sources: snakebite }));
    expect(found[0].text).toMatch(/^Place 2 ml/);
  });

  it('does not take a sentence sharing one word of a two-word long form as naming the shorthand, nor weigh a name with a digit as an amount', () => {
    const postpartum = listSource('Postpartum care', 'WHO', [
      '- Continue folic acid while breastfeeding.',
      '- Give tranexamic acid 1 g IV within 3 hours of birth for postpartum haemorrhage.',
      '- In breastfeeding women give iron 60 mg daily.',
      '- Give vitamin B12 to vegan mothers who are breastfeeding.',
    ]);
    const txa = sentences(answerSentences({ question: 'TXA dose after birth?', topic: 'Postpartum care', sources: postpartum }));
    expect(txa[0].text).toMatch(/^Give tranexamic acid/);
    const b12 = sentences(answerSentences({ question: 'B12 when breastfeeding?', topic: 'Postpartum care', sources: postpartum }));
    expect(b12[0].text).toMatch(/B12/);
  });
});
