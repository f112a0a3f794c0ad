import { describe, expect, it } from '@jest/globals';
import type { Passage } from '@cairn/contracts';
import { foundSources } from './found-sources.js';
import { toSources } from './source.js';

const passage = (text: string, disease: string): Passage => ({ text, title: disease, organization: 'WHO', year: null, region: '', url: '', section: '', disease });

describe('foundSources', () => {
  const known = toSources([{ text: 'Wash and flush every bite or scratch for 15 minutes.', title: 'Rabies PEP', disease: 'Rabies' }]);

  it('numbers the new passages after the protocol’s, each once, leaving out those about a disease nobody named', () => {
    const found = foundSources(
      known,
      [
        passage('Wash and flush every bite or scratch for 15 minutes.', 'Rabies'),
        passage('Dress partial-thickness burns with a non-adherent dressing.', 'Burns'),
        passage('Give rabies vaccine on days 0, 3 and 7.', 'Rabies'),
        passage('Give rabies vaccine on days 0, 3 and 7.', 'Rabies'),
      ],
      ['Rabies post-exposure prophylaxis', 'how should a dog bite wound be cleaned?'],
    );
    expect(found.map(({ id, text }) => [id, text])).toEqual([[2, 'Give rabies vaccine on days 0, 3 and 7.']]);
  });

  it('keeps another passage of a document the protocol cites, whatever its disease is called', () => {
    const title = 'Newborn resuscitation (neonatal CPR)';
    const cited = toSources([{ text: 'Start ventilation with a bag and mask within 1 minute of birth.', title: `${title} — Bag-and-mask ventilation`, organization: 'WHO', disease: 'Birth Asphyxia' }]);
    const stop = { ...passage('Stop resuscitation if there is no detectable heart rate after 10 minutes.', 'Birth Asphyxia'), title };
    const elsewhere = passage('Give oxygen for birth asphyxia in the referral unit.', 'Birth Asphyxia');
    const found = foundSources(cited, [stop, elsewhere], [title, 'no heart rate despite good ventilation - when do we stop?']);
    expect(found.map(({ text }) => text)).toEqual([stop.text]);
  });
});
