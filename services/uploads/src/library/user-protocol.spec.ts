import { describe, expect, it } from '@jest/globals';
import type { GeneratedProtocolData } from '@cairn/contracts';
import { stepSections } from './user-protocol.js';

const step = (n: number, text: string, explanation: string) => ({ step: n, text, explanation, citation: 1, citations: [1] });
const data: GeneratedProtocolData = {
  title: 'Hyperkalaemia',
  intent: 'treatment',
  organization: 'User upload',
  region: 'Global',
  year: 2024,
  lastUpdated: '2024-05-01',
  checklist: [
    step(1, 'Give 10 mL of 10% calcium gluconate IV over 10 minutes.', 'Calcium stabilises the myocardium within minutes.'),
    step(2, 'Recheck potassium after 1 hour.', 'User upload guidance: hyperkalaemia.pdf, page 2 (· · · · ·)'),
    step(3, 'Give salbutamol 10 mg nebulised.', 'User upload guidance: hyperkalaemia.pdf, page 3 (Shifting potassium into cells)'),
  ],
  citations: [{ id: 1, source: 'Hyperkalaemia', organization: 'User upload', year: 2024, region: 'Global', url: '', excerpt: '', page: 2 }],
  source_file: 'hyperkalaemia.pdf',
};

describe('stepSections', () => {
  it("indexes each step with its explanation, and of an explanation that only names the step's file and page its section heading alone", () => {
    expect(stepSections('Hyperkalaemia', data).map((section) => section.body)).toEqual([
      'Give 10 mL of 10% calcium gluconate IV over 10 minutes. Calcium stabilises the myocardium within minutes.',
      'Recheck potassium after 1 hour.',
      'Give salbutamol 10 mg nebulised. Shifting potassium into cells',
    ]);
  });
});
