import { describe, expect, it } from '@jest/globals';
import { toSources } from '../sources/source.js';
import { assembleProtocol } from './protocol-assembler.js';

describe('assembleProtocol', () => {
  it('names the hospital on a citation from its library, and on no other', () => {
    const sources = toSources([
      { text: 'Give antibiotics within one hour.', title: 'Ward sepsis bundle', organization: 'User upload', hospital: "St Mary's Hospital" },
      { text: 'Take blood cultures before antibiotics.', title: 'Sepsis', organization: 'NHS' },
    ]);
    const steps = sources.map((source) => ({ text: source.text, explanation: '', citation: source.id, citations: [source.id] }));
    const { checklist, citations } = assembleProtocol({ query: 'sepsis', intent: 'treatment', sources, steps });
    expect(checklist.map((step) => step.citation)).toEqual([1, 2]);
    expect(citations[0]).toMatchObject({ id: 1, organization: 'User upload', hospital: "St Mary's Hospital" });
    expect(citations[1]).not.toHaveProperty('hospital');
  });
});
