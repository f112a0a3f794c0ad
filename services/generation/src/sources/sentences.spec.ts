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

  it('keeps a first word that only looks like a label, a publisher named in advice, and advice a notice runs onto', () => {
    const [guidance] = toSources([
      {
        text: 'Aim SpO2 94-98% in most acutely ill patients.\nResults CT within 1 hour decide the pathway.\nPublished by WHO in 2013, these guidelines recommend artesunate for severe malaria.\nGive ceftriaxone 2 g IV daily. © 2013 WHO.',
        title: 'Guidance',
        organization: 'WHO',
      },
    ]);
    expect(sentencesOf(guidance).map((sentence) => sentence.text)).toEqual([
      'Aim SpO2 94-98% in most acutely ill patients.',
      'Results CT within 1 hour decide the pathway.',
      'Published by WHO in 2013, these guidelines recommend artesunate for severe malaria.',
      'Give ceftriaxone 2 g IV daily.',
    ]);
  });
});
