import { writtenOut } from './answer-words.js';

const IN_YEARS: Record<string, number> = { year: 1, month: 12, week: 52, day: 365 };
const UNIT = String.raw`(year|month|week|day)s?`;
const NUMBER = String.raw`(\d+(?:\.\d+)?)`;

/** An age a question gives ('a 7 yo', '18 months old'), in years; null when it gives none. */
export function askedAge(question: string): number | null {
  const [, amount, unit] = new RegExp(String.raw`\b${NUMBER}[\s-]*${UNIT}[\s-]*old\b`, 'i').exec(writtenOut(question)) ?? [];
  return amount ? Number(amount) / IN_YEARS[unit.toLowerCase()] : null;
}

const years = (amount: string, unit: string) => Number(amount) / IN_YEARS[unit.toLowerCase()];

/** Who a sentence gives an age for ('children aged', 'infants'), so '4 to 6 hours' or 'for 6 months' is no age. */
const WHO = String.raw`(?:aged?|ages|children|child|kids?|infants?|babies|baby|adults?|adolescents|people|patients|persons|those|anyone|girls|boys|women|men)\s+(?:(?:aged|who are)\s+)?`;

/** The ways a sentence bounds someone's age: a range ('children aged 6 to 12 years', '6 months to 6 years'), a floor ('over 12 years') or a ceiling ('infants under 6 months'). */
const RANGES: [RegExp, (match: RegExpExecArray) => [number, number]][] = [
  [new RegExp(String.raw`${WHO}(?:from\s+)?${NUMBER}\s*(?:${UNIT})?\s*(?:to|-|–)\s*${NUMBER}\s*${UNIT}`, 'gi'), ([, from, fromUnit, to, unit]) => [years(from, fromUnit ?? unit), years(to, unit)]],
  [new RegExp(String.raw`${WHO}(?:over|above|older than|from|at least)\s+${NUMBER}\s*${UNIT}`, 'gi'), ([, from, unit]) => [years(from, unit), Infinity]],
  [new RegExp(String.raw`${WHO}${NUMBER}\s*${UNIT}(?:\s+of age)?\s*(?:and|or)\s*(?:over|older|above)`, 'gi'), ([, from, unit]) => [years(from, unit), Infinity]],
  [new RegExp(String.raw`${WHO}(?:under|below|younger than|less than)\s+${NUMBER}\s*${UNIT}`, 'gi'), ([, to, unit]) => [0, years(to, unit)]],
];

/** Where a sentence says whom it is for by age: its age ranges in years (empty when it names none). */
export function ageRanges(sentence: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const [pattern, read] of RANGES) for (const match of sentence.matchAll(pattern)) ranges.push(read(match));
  return ranges;
}

/** 1 when one of the sentence's age ranges holds the age, -1 when it has ranges and none does, 0 when it gives none. */
export function ageFit(sentence: string, age: number | null): number {
  if (age === null) return 0;
  const ranges = ageRanges(sentence);
  if (ranges.length === 0) return 0;
  return ranges.some(([from, to]) => age >= from && age < to + (Number.isFinite(to) && to === Math.floor(to) ? 1 : 0)) ? 1 : -1;
}

const KG = String.raw`\s*kg\b(?!\s*\/)`;
/** The weight a question gives ('a 30kg kid', '20 kg'), not a dose per kilogram; null when it gives none. */
export function askedWeight(question: string): number | null {
  const [, amount] = new RegExp(String.raw`(?<![\/\d.])${NUMBER}${KG}`, 'i').exec(writtenOut(question)) ?? [];
  return amount ? Number(amount) : null;
}

/** The ways a sentence bounds a body weight: '15 to 23 kg', 'over 40 kg', '15 kg or less', 'under 20 kg'. */
const WEIGHT_BANDS: [RegExp, (match: RegExpExecArray) => [number, number]][] = [
  [new RegExp(String.raw`\b${NUMBER}\s*(?:kg)?\s*(?:to|-|–)\s*${NUMBER}${KG}`, 'gi'), ([, from, to]) => [Number(from), Number(to)]],
  [new RegExp(String.raw`\b(?:over|above|more than|at least)\s+${NUMBER}${KG}`, 'gi'), ([, from]) => [Number(from), Infinity]],
  [new RegExp(String.raw`\b(?:under|below|less than|up to)\s+${NUMBER}${KG}`, 'gi'), ([, to]) => [0, Number(to)]],
  [new RegExp(String.raw`\b${NUMBER}${KG}\s+or\s+(?:less|under|below)`, 'gi'), ([, to]) => [0, Number(to)]],
  [new RegExp(String.raw`\b${NUMBER}${KG}\s+or\s+(?:more|over|above)`, 'gi'), ([, from]) => [Number(from), Infinity]],
];

/** 1 when one of the sentence's weight bands holds the weight, -1 when it has bands and none does, 0 when it gives none. */
export function weightFit(sentence: string, weight: number | null): number {
  if (weight === null) return 0;
  const bands = WEIGHT_BANDS.flatMap(([pattern, read]) => [...sentence.matchAll(pattern)].map(read));
  if (bands.length === 0) return 0;
  return bands.some(([from, to]) => weight >= from && weight <= to) ? 1 : -1;
}
