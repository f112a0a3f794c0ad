import { describe, expect, it } from '@jest/globals';
import { tokenize } from '@cairn/rules';
import { toSources } from '../sources/source.js';
import { aboutAnotherDisease, onTopicSources } from './on-topic-sources.js';

describe('aboutAnotherDisease', () => {
  const [fever, headInjury, untitled] = toSources([
    { text: 'Do not judge how ill a child is from the temperature alone.', title: 'Fever in under 5s', disease: 'Fever in children' },
    { text: 'Discharge only when GCS is 15.', title: 'Head injury', disease: 'Head injury' },
    { text: 'Give oral rehydration solution in small sips.', title: 'Fluids' },
  ]);
  const named = new Set(tokenize('Head injury: assessment in adults and children. can they go home alone?'));

  it("judges by the disease a subject names, not by the people it is about ('Fever in children' is not about a child's head injury)", () => {
    expect(aboutAnotherDisease(fever, named)).toBe(true);
    expect(aboutAnotherDisease(headInjury, named)).toBe(false);
  });

  it("wholly, judges a disease named only when all its words are ('Yellow fever' is not named by dengue fever)", () => {
    const [yellowFever] = toSources([{ text: 'Give a single dose of yellow fever vaccine.', title: 'Yellow fever', disease: 'Yellow fever' }]);
    const dengue = new Set(tokenize('Dengue fever treatment'));
    expect(aboutAnotherDisease(yellowFever, dengue)).toBe(false);
    expect(aboutAnotherDisease(yellowFever, dengue, true)).toBe(true);
    expect(aboutAnotherDisease(fever, new Set(tokenize('Fever in under 5s')), true)).toBe(false);
    const [meningitis] = toSources([{ text: 'Suspect meningococcal disease with a non-blanching rash.', title: 'Meningitis', disease: 'Bacterial meningitis (meningococcal disease)' }]);
    expect(aboutAnotherDisease(meningitis, new Set(tokenize('febrile child: what kind of rash points to meningococcal?')), true)).toBe(false);
  });

  it('never puts a source of no known disease about another one', () => {
    expect(aboutAnotherDisease(untitled, named)).toBe(false);
    expect(aboutAnotherDisease({ ...untitled, disease: '' }, named)).toBe(false);
  });
});

describe('onTopicSources', () => {
  it("leaves out a passage of another document that search scored far below the line, whatever words it shares, when the lead is judged about the question", () => {
    const sources = toSources([
      { text: 'Treat uncomplicated enteric fever with oral cefixime.', title: 'Enteric fever (typhoid)', disease: 'Enteric Fever', relevance: 9.9 },
      { text: 'Follow up in 3 days if the fever persists.', title: 'Fever in children', disease: 'Fever in Children', relevance: 0.2 },
      { text: 'Send a blood culture before starting antibiotics.', title: 'Enteric fever (typhoid)', disease: 'Enteric Fever', relevance: 2 },
    ]);
    const stems = tokenize('typhoid fever');
    expect([...onTopicSources(sources, stems)]).toEqual([1, 3]);
    const unjudgedLead = toSources(sources.map((source, index) => ({ ...source, relevance: index === 0 ? 4 : source.relevance })));
    expect(onTopicSources(unjudgedLead, stems).has(2)).toBe(true);
  });
});
