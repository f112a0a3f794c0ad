import { describe, expect, it } from '@jest/globals';
import { sentencesOf } from './sentences.js';
import { toSources } from './source.js';

const [abstract] = toSources([
  {
    text: 'Methods We purchased chicken products from ten stores. Results Arsenic was found in half of them.\nCONCLUSION: Arsenic is common. MATERIALS AND METHODS: Ten stores were sampled.\nCopyright © 2013 Elsevier Inc. All rights reserved.\n- Results of the blood culture guide the antibiotic.',
    title: 'Arsenic in chicken',
    organization: 'User upload',
  },
]);

describe('sentencesOf', () => {
  it("leaves out a publisher's notice and the label a structured abstract runs into its sentences", () => {
    expect(sentencesOf(abstract).map((sentence) => sentence.text)).toEqual([
      'We purchased chicken products from ten stores.',
      'Arsenic was found in half of them.',
      'Arsenic is common.',
      'Ten stores were sampled.',
      'Results of the blood culture guide the antibiotic.',
    ]);
  });
});
