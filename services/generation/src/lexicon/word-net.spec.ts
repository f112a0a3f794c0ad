import { describe, expect, it } from '@jest/globals';
import { attributesOf, kindsOfAct, lemmaOf, medicineClasses, namesADisease, namesADrug, nounsOfAdjective, nounsOfVerb, otherNamesOf } from './word-net.js';

describe('WordNet readings', () => {
  it('finds the base form of a word', () => {
    expect(lemmaOf('cleaned', 'verb')).toBe('clean');
    expect(lemmaOf('antibiotics', 'noun')).toBe('antibiotic');
    expect(lemmaOf('qwzx', 'noun')).toBeNull();
    expect(lemmaOf('popped', 'verb')).toBe('pop');
    expect(lemmaOf('stopping', 'verb')).toBe('stop');
    expect(lemmaOf('referred', 'verb')).toBe('refer');
    expect(lemmaOf('spilled', 'verb')).toBe('spill');
  });

  it("gives a medicine's classes, and nothing for a word that names no medicine or only a portion of one", () => {
    expect(medicineClasses('dexamethasone')).toEqual(expect.arrayContaining(['corticosteroid', 'steroid']));
    expect(medicineClasses('Ibuprofen')).toContain('nsaid');
    expect(medicineClasses('doxycycline')).toContain('antibiotic');
    expect(medicineClasses('amoxicillin')).toEqual(expect.arrayContaining(['penicillin', 'antibiotic']));
    for (const word of ['dose', 'fever', 'temp', 'fit', 'medicine']) expect({ word, classes: medicineClasses(word) }).toEqual({ word, classes: [] });
    expect(medicineClasses('dexamethasone')).not.toContain('medicine');
  });

  it('gives the kinds of an act by its commonest sense', () => {
    expect(kindsOfAct('cleaned')).toEqual(expect.arrayContaining(['wash', 'disinfect']));
    expect(kindsOfAct('qwzx')).toEqual([]);
  });

  it('gives what an adjective measures', () => {
    expect(attributesOf('deep')).toContain('depth');
    expect(attributesOf('long')).toEqual(expect.arrayContaining(['length', 'duration']));
    expect(attributesOf('safe')).toEqual([]);
  });

  it("gives a medicine's other names, a brand's generic one among them, and none for a word that names no medicine", () => {
    expect(otherNamesOf('Narcan')).toEqual(['naloxone']);
    expect(otherNamesOf('lasix')).toEqual(['furosemide']);
    expect(otherNamesOf('ventolin')).toContain('albuterol');
    for (const word of ['dose', 'fever', 'insulin', 'qwzx']) expect({ word, names: otherNamesOf(word) }).toEqual({ word, names: [] });
  });

  it('gives the nouns a verb is made from or makes, not those WordNet relates more loosely', () => {
    expect(nounsOfVerb('catheterised')).toContain('catheter');
    expect(nounsOfVerb('hospitalised')).toContain('hospital');
    expect(nounsOfVerb('ventilate')).not.toContain('discharge');
    expect(nounsOfVerb('qwzx')).toEqual([]);
  });

  it('tells a drug, medicine or hormone from a dose, a sugar, a gas and a person', () => {
    for (const word of ['glucagon', 'adrenaline', 'acetaminophen', 'insulin', 'amoxicillin']) expect({ word, drug: namesADrug(word) }).toEqual({ word, drug: true });
    for (const word of ['dose', 'glucose', 'oxygen', 'child', 'medicine', 'qwzx']) expect({ word, drug: namesADrug(word) }).toEqual({ word, drug: false });
  });

  it('reads an adjective by the noun it pertains to or is made from, for its own word only', () => {
    expect(nounsOfAdjective('asthmatic')).toEqual(['asthma']);
    expect(nounsOfAdjective('febrile')).toEqual(['fever']);
    expect(nounsOfAdjective('renal')).toEqual(['kidney']);
    expect(nounsOfAdjective('septic')).toEqual(['sepsis']);
    expect(nounsOfAdjective('wheezy')).toEqual([]);
    expect(nounsOfAdjective('severe')).toEqual([]);
    expect(nounsOfAdjective('qwzx')).toEqual([]);
  });

  it('tells a disease from a symptom, an injury, a person and the word disease itself', () => {
    for (const word of ['malaria', 'Dengue', 'measles', 'asthma', 'sepsis', 'pneumonia']) expect({ word, disease: namesADisease(word) }).toEqual({ word, disease: true });
    for (const word of ['fever', 'bleeding', 'children', 'vaccine', 'disease', 'infection', 'treatment']) expect({ word, disease: namesADisease(word) }).toEqual({ word, disease: false });
  });
});
