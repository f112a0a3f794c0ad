import { describe, expect, it } from '@jest/globals';
import { enhanceQuery, isClinicalTerm } from './query-enhancer.js';
import { queryTerms, wordTokens } from './query-text.js';

describe('enhanceQuery', () => {
  it('expands clinical abbreviations', () => {
    expect(enhanceQuery('MI management').added).toEqual(['myocardial infarction', 'heart attack', 'acute coronary syndrome']);
    expect(enhanceQuery('DKA fluids').added).toContain('diabetic ketoacidosis');
    expect(enhanceQuery('CVA').added).toEqual(expect.arrayContaining(['stroke', 'cerebrovascular accident']));
    expect(enhanceQuery('stroke warning signs and FAST test').added).toContain('face arm speech time');
  });

  it('adds synonyms and other spellings, keeping the query first', () => {
    const enhanced = enhanceQuery('heart attack response');
    expect(enhanced.text.startsWith('heart attack response ')).toBe(true);
    expect(enhanced.added).toEqual(expect.arrayContaining(['myocardial infarction', 'acute coronary syndrome']));
    expect(enhanceQuery('postpartum hemorrhage').added).toEqual(expect.arrayContaining(['haemorrhage', 'bleeding']));
    expect(enhanceQuery('childhood fever').added).toEqual(expect.arrayContaining(['children', 'pyrexia']));
    expect(enhanceQuery('when to admit a child with asthma').added).toEqual([]);
  });

  it('reads lay words and phrases as protocols word them, one way only', () => {
    expect(enhanceQuery('loose motions in a toddler').added).toEqual(expect.arrayContaining(['child', 'children', 'diarrhoea']));
    expect(enhanceQuery('flu antivirals').added).toContain('influenza');
    expect(enhanceQuery('mini stroke what to do').added).toEqual(expect.arrayContaining(['transient ischaemic attack', 'tia']));
    expect(enhanceQuery('breathless at night').added).toEqual(expect.arrayContaining(['dyspnoea', 'shortness of breath']));
    expect(enhanceQuery('influenza antivirals').added).not.toContain('flu');
    expect(enhanceQuery('children with asthma').added).not.toContain('toddler');
  });

  it('reads a lay phrase whatever its articles and possessives', () => {
    expect(enhanceQuery('she hit her head on the floor').added).toContain('head injury');
    expect(enhanceQuery('my son bumped the head').added).toContain('head injury');
    expect(enhanceQuery('hit the ball with his head').added).not.toContain('head injury');
  });

  it('reads plurals of abbreviations and lay terms, but not everyday words that look like one', () => {
    expect(enhanceQuery('where are the AEDs').added).toContain('automated external defibrillator');
    expect(enhanceQuery('how many EpiPens to prescribe').added).toContain('adrenaline auto-injector');
    expect(enhanceQuery('how the drug acts').added).not.toContain('artemisinin-based combination therapy');
  });

  it('reads an everyday word as an abbreviation only in capitals', () => {
    expect(enhanceQuery('15 g of fast acting sugar').added).not.toContain('stroke');
    expect(enhanceQuery('BE FAST').added).toContain('stroke');
    expect(enhanceQuery('ACT for uncomplicated malaria').added).toContain('artemisinin-based combination therapy');
    expect(enhanceQuery('how fast to act').added).toEqual([]);
    expect(enhanceQuery('ors for diarrhoea').added).toContain('oral rehydration solution');
  });

  it('knows its abbreviations and one-word lay terms, which are never taken for typos', () => {
    expect(['aed', 'bls', 'ors', 'toddler', 'flu', 'trip'].every(isClinicalTerm)).toBe(true);
    expect(isClinicalTerm('denge')).toBe(false);
    expect(isClinicalTerm('epipens')).toBe(true);
  });

  it('reads a body temperature of 37.5 °C or more as fever', () => {
    expect(enhanceQuery('toddler temperature of 39 degrees, when to worry').added).toEqual(expect.arrayContaining(['fever', 'pyrexia']));
    expect(enhanceQuery('temp 36.5 after exercise').added).not.toContain('fever');
  });

  it('matches whole words only and leaves plain queries alone', () => {
    expect(enhanceQuery('timing of doses').added).toEqual([]);
    expect(enhanceQuery('dengue').text).toBe('dengue');
  });

  it('never adds what the query already says', () => {
    expect(enhanceQuery('heart attack myocardial infarction').added).not.toContain('myocardial infarction');
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
