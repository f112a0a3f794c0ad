import { vocabularyTermsIn } from './medical-vocabulary.js';

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** A number from 2 to 12 after a word and a space, not part of a decimal, a percentage or a range, and the word after it. */
const COUNT_AFTER_A_WORD = /\b([a-z]{3,})\s+(\d{1,2})\b(?!\.\d|\s*[-–,%/]|\s*(?:to|or|and|x)\s*\d)(?:\s+([a-z]+))?/gi;
/** Words after a number that make it an amount, a time or an age ('6 hours', '2 mg'). */
const MEASURES = new Set(
  'mg g gram grams kg kilos mcg ug ml l litre litres liter liters iu units unit mmol mmhg cm mm percent hours hour hrs hr h days day d weeks week wk wks months month mo years year yrs yr y yo minutes minute mins min seconds second secs sec times doses dose tablets tablet puffs puff vials vial drops drop breaths compressions'.split(' '),
);
/** The vocabularies that name conditions (diseases, signs, symptoms), not medicines, tests or abbreviations. */
const CONDITION_SOURCES = new Set(['do', 'hpo', 'symp']);
const namesACondition = (word: string) => vocabularyTermsIn(word).some((term) => term.text === word && CONDITION_SOURCES.has(term.source));

/**
 * The counts a query names after a condition, as guidance writes them in words ('sepsis 6' → 'sepsis
 * six', the Sepsis Six): a lone number from 2 to 12 after a word the vocabularies know as a disease,
 * sign or symptom, not followed by a unit, a time or an age ('potassium 7', 'child 6', 'fever 3 days' are none).
 */
export function namedCounts(query: string): string[] {
  const named: string[] = [];
  for (const [, before, number, next] of query.matchAll(COUNT_AFTER_A_WORD)) {
    const count = Number(number);
    const word = before.toLowerCase();
    if (count < 2 || count > 12 || MEASURES.has(next?.toLowerCase() ?? '') || !namesACondition(word)) continue;
    named.push(`${word} ${NUMBER_WORDS[count]}`);
  }
  return named;
}
