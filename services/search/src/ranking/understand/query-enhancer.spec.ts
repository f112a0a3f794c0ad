import { describe, expect, it } from '@jest/globals';
import { enhanceQuery, isClinicalTerm, queryExpansions } from './query-enhancer.js';
import { queryTerms, wordTokens } from './query-text.js';

describe('enhanceQuery', () => {
  it('expands abbreviations through the public vocabularies, and those they leave ambiguous through the overlay', () => {
    expect(enhanceQuery('MI management').added).toEqual(['myocardial infarction']);
    expect(enhanceQuery('DKA fluids').added).toContain('diabetic ketoacidosis');
    expect(enhanceQuery('DHF').added).toEqual(expect.arrayContaining(['dengue haemorrhagic fever', 'severe dengue']));
    expect(enhanceQuery('BP target').added).toEqual(['blood pressure']);
  });

  it('reads no lower-case dictionary word or unit as an abbreviation of the vocabularies', () => {
    for (const query of ['paracetamol 15 mg/kg', 'repeat every 4 hr', 'broken toe', 'pus draining from wound', 'pet allergy', 'mom gave paracetamol']) {
      expect({ query, added: enhanceQuery(query).added }).toEqual({ query, added: [] });
    }
  });

  it('leaves an abbreviation of several meanings alone when the question does not say which', () => {
    expect(enhanceQuery('where are the AEDs').added).toEqual([]);
  });

  it('adds the overlay\'s synonyms and other spellings, keeping the query first', () => {
    const enhanced = enhanceQuery('allergic reaction to a bee sting');
    expect(enhanced.text.startsWith('allergic reaction to a bee sting ')).toBe(true);
    expect(enhanced.added).toEqual(['anaphylaxis']);
    expect(enhanceQuery('ischemic stroke').added).toEqual(['ischaemic']);
    expect(enhanceQuery('when to admit a child with asthma').added).toEqual([]);
  });

  it('reads lay words and phrases as protocols word them, one way only', () => {
    expect(enhanceQuery('loose motions in a toddler').added).toEqual(expect.arrayContaining(['child', 'children']));
    expect(enhanceQuery('tummy pain after eating').added).toEqual(['abdominal pain']);
    expect(enhanceQuery('abdominal pain after eating').added).not.toContain('tummy pain');
    expect(enhanceQuery('children with asthma').added).not.toContain('toddler');
  });

  it('reads a lay phrase whatever its articles and possessives', () => {
    expect(enhanceQuery('she banged her head on the floor').added).toContain('head injury');
    expect(enhanceQuery('my son bumped the head').added).toContain('head injury');
    expect(enhanceQuery('bumped the ball with his head').added).not.toContain('head injury');
  });

  it('reads plurals of lay terms, but not everyday words that look like an abbreviation', () => {
    expect(enhanceQuery('how many EpiPens to prescribe').added).toContain('adrenaline auto-injector');
    expect(enhanceQuery('how the drug acts').added).toEqual([]);
  });

  it('reads an everyday word as an abbreviation only in capitals', () => {
    expect(enhanceQuery('how fast to act').added).toEqual([]);
    expect(enhanceQuery('ors for diarrhoea').added).toContain('oral rehydration solution');
  });

  it('knows the overlay\'s and the vocabularies\' words, which are never taken for typos, but not an abbreviation typed in lower case', () => {
    expect(['ors', 'toddler', 'flu', 'epistaxis'].every(isClinicalTerm)).toBe(true);
    expect(isClinicalTerm('denge')).toBe(false);
    expect(isClinicalTerm('fevr')).toBe(false);
    expect(isClinicalTerm('feaver')).toBe(false);
    expect(isClinicalTerm('epipens')).toBe(true);
  });

  it('reads a body temperature of 37.5 °C or more as fever', () => {
    expect(enhanceQuery('toddler temperature of 39 degrees, when to worry').added).toContain('fever');
    expect(enhanceQuery('temp 36.5 after exercise').added).not.toContain('fever');
  });

  it('matches whole words only and leaves plain queries alone', () => {
    expect(enhanceQuery('timing of doses').added).toEqual([]);
    expect(enhanceQuery('dengue').text).toBe('dengue');
  });

  it('never adds what the query already says', () => {
    expect(enhanceQuery('anaphylaxis or allergic reaction').added).not.toContain('anaphylaxis');
  });
});

describe('queryExpansions', () => {
  it("gives the overlay's expansions first, then the public vocabularies' synonyms", () => {
    expect(queryExpansions('at what BP do we start meds?').slice(0, 3)).toEqual(['blood pressure', 'medicines', 'medications']);
    expect(queryExpansions('should i give paracetamol to bring the temp down?')).toContain('acetaminophen');
    expect(queryExpansions('how long at each stage?')).toEqual([]);
  });
});

describe('queryTerms', () => {
  it('keeps distinct content words', () => {
    expect(queryTerms('What are the symptoms of Dengue in the child? dengue!')).toEqual(['symptoms', 'dengue', 'child']);
    expect(queryTerms('COVID-19 home management')).toEqual(['covid', '19', 'home', 'management']);
    expect(queryTerms("rash that doesn't fade")).toEqual(['rash', 'fade']);
  });
});

describe('wordTokens', () => {
  it("reads n't contractions, with or without the apostrophe, as 'not'", () => {
    expect(wordTokens("rash that doesn't fade")).toEqual(['rash', 'that', 'does', 'not', 'fade']);
    expect(wordTokens('CAN’T finish a sentence, inhaler wont help, dont know')).toEqual(['can', 'not', 'finish', 'a', 'sentence', 'inhaler', 'will', 'not', 'help', 'do', 'not', 'know']);
    expect(wordTokens('decant the isotonic fluid')).toEqual(['decant', 'the', 'isotonic', 'fluid']);
  });
});
