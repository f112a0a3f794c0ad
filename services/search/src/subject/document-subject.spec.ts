import { describe, expect, it } from '@jest/globals';
import { deriveSubject, titlePhrases } from './document-subject.js';

const document = (title: string, headings: string[] = [], disease = '', topics: string[] = []) => ({
  title,
  disease,
  topics,
  sections: headings.map((heading) => ({ heading, text: 'Give paracetamol 15 mg/kg and naloxone if needed.' })),
});

describe('titlePhrases', () => {
  it('reads the lead of a title and its bracketed names', () => {
    expect(titlePhrases('Asthma attack (acute asthma exacerbation): emergency treatment and action plan')).toEqual({
      lead: 'Asthma attack',
      bracketed: ['acute asthma exacerbation'],
    });
    expect(titlePhrases('Hyperkalaemia - emergency treatment in adults').lead).toBe('Hyperkalaemia');
  });
});

describe('deriveSubject', () => {
  it('derives an upload’s disease from its title and its topics from the vocabulary terms its headings name', () => {
    const subject = deriveSubject(document('Sepsis in adults (septicaemia): recognition and the first hour', ['Septic shock', 'Lactate and blood cultures']));
    expect(subject.disease).toBe('Sepsis in adults');
    expect(subject.topics).toEqual(expect.arrayContaining(['septicaemia', 'septic shock']));
  });

  it('does not take a drug the text merely mentions, nor an everyday word, for what the document is about', () => {
    const subject = deriveSubject(document('Heat stroke: rapid cooling', ['Recognition', 'Cooling']));
    expect(subject.topics.map((topic) => topic.toLowerCase())).not.toEqual(expect.arrayContaining(['paracetamol']));
    expect(subject.topics).not.toContain('Cooling');
  });

  it('keeps the disease and topics an author gave, with the derived ones beside them', () => {
    const subject = deriveSubject(document('Dengue: warning signs (severe dengue)', ['Shock syndrome'], 'Dengue', ['NS1']));
    expect(subject.disease).toBe('Dengue');
    expect(subject.topics.slice(0, 2)).toEqual(['NS1', 'severe dengue']);
  });

  it('reads an upload whose disease is its own title as having none, and a long research title as naming no disease', () => {
    const title = 'Phosphorus containing food additives and the accuracy of nutrient databases: implications for renal patients';
    expect(deriveSubject(document(title, [], title)).disease).toBe('');
    expect(deriveSubject(document('Hyperkalaemia', [], 'Hyperkalaemia')).disease).toBe('Hyperkalaemia');
  });
});
