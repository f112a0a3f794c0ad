import { describe, expect, it } from '@jest/globals';
import { isEverydayWord, stemsOf, writtenOut } from './answer-words.js';

describe('writtenOut', () => {
  it('writes out time and age shorthand and splits glued units', () => {
    expect(writtenOut('antivirals after 48h?')).toBe('antivirals after 48 hours?');
    expect(writtenOut('calpol and nurofen at the same time?')).toBe('calpol and nurofen together?');
    expect(writtenOut('repeated in the first hr')).toBe('repeated in the first hours');
    expect(writtenOut('a 7 yo on 30kg')).toBe('a 7 years old on 30 kg');
    expect(writtenOut('every 20 mins')).toBe('every 20 minutes');
  });

  it('leaves a unit without its number alone unless a word counts it, and never HR', () => {
    expect(writtenOut('What HR is too fast?')).toBe('What HR is too fast?');
    expect(writtenOut('the min dose')).toBe('the min dose');
    expect(writtenOut('breaths per min')).toBe('breaths per minutes');
  });

  it('reads a negative contraction as its words', () => {
    expect(writtenOut("what if they don't wake up? I can't, it won't")).toBe('what if they do not wake up? I cannot, it will not');
    expect(stemsOf("doesn’t")).toEqual(stemsOf('does not'));
  });

  it('leaves words that only contain a unit alone', () => {
    expect(writtenOut('the 20WBCT in a child')).toBe('the 20WBCT in a child');
    expect(writtenOut('chemo on mondays')).toBe('chemo on mondays');
  });
});

describe('stemsOf', () => {
  it('gives a word and its derivations one stem, whichever spelling', () => {
    expect(stemsOf('referral')).toEqual(stemsOf('refer'));
    expect(stemsOf('children')).toEqual(stemsOf('child'));
    expect(stemsOf('nebulised ischaemic')).toEqual(stemsOf('nebulized ischemic'));
    expect(stemsOf('48h')).toEqual(stemsOf('48 hours'));
    expect(stemsOf('Hb')).toEqual(stemsOf('haemoglobin'));
    expect(stemsOf('hemoglobin')).toEqual(stemsOf('haemoglobin'));
  });
});

describe('isEverydayWord', () => {
  it('knows the commonest words of English in any inflection, and not the words of medicine', () => {
    expect(['make', 'think', 'bother', 'working', 'helped'].every(isEverydayWord)).toBe(true);
    expect(['ramadan', 'papaya', 'salbutamol', 'thrombolysis'].some(isEverydayWord)).toBe(false);
  });
});
