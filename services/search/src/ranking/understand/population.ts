import { RANKING_PROFILE } from '../ranking-profile.js';
import { wordTokens } from './query-text.js';
import { WORD_LISTS } from './word-lists.js';

/** Who a query or a protocol section is about, when it says. */
export type Population = 'child' | 'adult';

const { childWords: CHILD_WORDS, adultWords: ADULT_WORDS } = WORD_LISTS;
/** Ages under this many years are children's; adults' from ADULT_FROM_YEARS. */
const { childUnderYears: CHILD_UNDER_YEARS, adultFromYears: ADULT_FROM_YEARS } = RANKING_PROFILE.understand;
/** "6 month old", "70-year-old", "5yo", "4 y/o". */
const AGE_OLD = /\b(?<count>\d{1,3})[\s-]*(?:(?<unit>hour|hr|day|week|wk|month|mth|mo|year|yr)s?[\s-]*old|(?<yo>y)\/?o)\b/gi;
/** "aged 62", "age 20 weeks"; not "under age 18", "aged 12 and over" or "aged 6-59 months", which name a range. */
const AGED =
  /(?<!\b(?:under|over)\s+)\baged?\s+(?<count>\d{1,3})(?:[\s-]*(?<unit>hours?|hrs?|days?|weeks?|wks?|months?|mths?|mo|years?|yrs?|y)\b)?(?![\s-]*\d|\s*\+|\s+(?:and|or)\s+(?:over|above|older|under|younger)\b)/gi;
const UNDER_FIVES = /\bunder[\s-]*(?:5|five)s?\b/i;

/** The populations a text names: by word (toddler, adults), by age ("6 month old", "70-year-old", "5yo", "aged 70") or as "under 5s". */
export function populationsIn(text: string): Set<Population> {
  return new Set([...populationsByAge(text), ...populationsByWord(text)]);
}

function populationsByWord(text: string): Set<Population> {
  const found = new Set<Population>();
  for (const word of wordTokens(text)) {
    if (CHILD_WORDS.has(word)) found.add('child');
    if (ADULT_WORDS.has(word)) found.add('adult');
  }
  return found;
}

function populationsByAge(text: string): Set<Population> {
  const found = new Set<Population>();
  for (const { groups } of [...text.matchAll(AGE_OLD), ...text.matchAll(AGED)]) {
    const unit = groups!.unit ?? groups!.yo ?? 'y';
    const years = unit.toLowerCase().startsWith('y') ? Number(groups!.count) : 0;
    if (years < CHILD_UNDER_YEARS) found.add('child');
    else if (years >= ADULT_FROM_YEARS) found.add('adult');
  }
  if (UNDER_FIVES.test(text)) found.add('child');
  return found;
}

/**
 * The one population a query asks about, or null when it names none or both. An age says who the
 * patient is ("adult pads on a 5 year old" is about a child); words decide when it gives none.
 */
export function queryPopulation(query: string): Population | null {
  const byAge = [...populationsByAge(query)];
  const found = byAge.length > 0 ? byAge : [...populationsByWord(query)];
  return found.length === 1 ? found[0] : null;
}

/** Whether a word names a population (never a typo to correct). */
export function isPopulationWord(word: string): boolean {
  return CHILD_WORDS.has(word.toLowerCase()) || ADULT_WORDS.has(word.toLowerCase());
}

/** The text without the words and ages that name a population: what it asks about, for whoever it is. */
export function withoutPopulation(text: string): string {
  return text
    .replace(AGE_OLD, ' ')
    .replace(AGED, ' ')
    .replace(UNDER_FIVES, ' ')
    .replace(/[\p{L}\p{N}]+/gu, (word) => (isPopulationWord(word) ? ' ' : word));
}
