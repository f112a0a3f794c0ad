import { describe, expect, it } from '@jest/globals';
import { citationsAsSources } from '../sources/citations-as-sources.js';
import { toSources } from '../sources/source.js';
import { answerSentences, composeAnswer, notInSources, type PassageAnswer } from './passage-answer.js';

const stroke = toSources([
  {
    text: [
      '- Suspect stroke in anyone with sudden weakness or numbness of the face, arm or leg.',
      '- Use FAST: face drooping, arm weakness, speech difficulty, time to call an ambulance.',
      '- Give IV thrombolysis to eligible ischemic stroke patients within 4.5 hours of last known well.',
      '- Give alteplase 0.9 mg/kg (maximum 90 mg), with 10% as a bolus over 1 minute.',
      '- Lower blood pressure below 185/110 mmHg before thrombolysis.',
    ].join('\n'),
    title: 'Stroke: warning signs and FAST',
    organization: 'CDC',
  },
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

  it('leads with the sentence that says what is asked about, not one holding only a word rare among the sources', () => {
    const sepsis = toSources([
      {
        text: [
          '- Treat people with suspected neutropenic sepsis as being at very high risk and manage them urgently.',
          '- Give broad-spectrum IV antibiotics within 1 hour when septic shock is present.',
          '- For possible sepsis without shock, give antibiotics within 3 hours if infection remains likely.',
          '- Review antibiotics daily and narrow or stop them once culture results allow.',
          '- Choose antibiotics by the likely source of infection.',
          '- Take blood cultures before antibiotics where this causes no delay.',
          '- Check allergies before choosing antibiotics.',
        ].join('\n'),
        title: 'Sepsis: recognition',
        organization: 'NHS',
      },
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
});
