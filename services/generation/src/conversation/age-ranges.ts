import { writtenOut } from './answer-words.js';

const IN_YEARS: Record<string, number> = { year: 1, month: 12, week: 52, day: 365 };
const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
const UNIT = String.raw`(year|month|week|day)s?`;
const years = (amount: string, unit: string) => Number(amount) / IN_YEARS[unit.toLowerCase()];

const AGE_ASKED = new RegExp(String.raw`\b${NUMBER}[\s-]*${UNIT}[\s-]*old\b`, 'i');
/** An age without 'old', in months or years, as someone ('the 6mo', '8 mo choking'): at the start or after an article or possessive, and not a course, history, review or the months of a pregnancy. */
const BARE_AGE = new RegExp(
  String.raw`(?:^|\b(?:the|a|an|my|this|our|his|her|their)\s+)${NUMBER}[\s-]*(year|month)s?\b(?!\s+(?:course|history|supply|treatment|period|regimen|prophylaxis|follow|ago|later|after|before|of|pregnant|risk|review|interval|booster|gap|wait|check|visit|plan|old)\b)`,
  'i',
);

/** An age a question gives ('a 7 yo', '18 months old', 'the 6mo'), in years; null when it gives none. */
export function askedAge(question: string): number | null {
  const written = writtenOut(question).trim();
  const [, amount, unit] = AGE_ASKED.exec(written) ?? BARE_AGE.exec(written) ?? [];
  return amount ? years(amount, unit) : null;
}

/** The age group an age falls in, as sentences name people ('a 7 years old' is a child). */
export const ageGroup = (age: number) => (age < 1 ? 'infant' : age < 12 ? 'child' : age < 18 ? 'adolescent' : age < 65 ? 'adult' : 'older');

/** A span of ages or weights; `to` is exclusive ('under 12 years') unless `toIncluded` ('15 kg or less'). */
export interface Span {
  from: number;
  fromIncluded: boolean;
  to: number;
  toIncluded: boolean;
}

const holds = ({ from, fromIncluded, to, toIncluded }: Span, value: number) =>
  (fromIncluded ? value >= from : value > from) && (toIncluded ? value <= to : value < to);
export const atLeast = (from: number, included = true): Span => ({ from, fromIncluded: included, to: Infinity, toIncluded: false });
export const below = (to: number, included = false): Span => ({ from: 0, fromIncluded: true, to, toIncluded: included });

/**
 * Who a sentence gives an age for: 'aged' or 'age' with any unit; a group of people ('children',
 * 'infants') only with years or months and not before 'after' or 'before', so 'patients 2 to 3 days
 * after starting' and 'for 6 to 9 months' are no ages.
 */
const AGED = String.raw`\b(?:aged?|ages)\s+`;
const GROUP = String.raw`\b(?:children|child|kids?|infants?|babies|baby|adults?|adolescents|people|patients|persons|girls|boys|women|men)\s+`;
const AGE_UNIT = String.raw`(year|month)s?(?!\s+(?:after|before|later|of treatment))`;

/** An age written without a unit is in years; one followed by another unit is read by the patterns with units. */
const IN_YEARS_ONLY = String.raw`(?!\s*(?:months?|mo|mos|weeks?|wks?|days?|hours?|kg|mg|%|years?))`;

/** The ways a sentence bounds someone's age; 'aged 6 to 12 years' holds a 12-year-old (up to 13), 'under 12 years' and 'over 12 years' do not; 'at ages 2 to 5' and 'over age 5' are in years. */
const AGE_SPANS: [RegExp, (match: RegExpExecArray) => Span][] = [
  ...[`${AGED}(?:from\\s+)?${NUMBER}\\s*(?:${UNIT})?\\s*(?:to|-|–)\\s*${NUMBER}\\s*${UNIT}`, `${GROUP}(?:aged\\s+)?${NUMBER}\\s*(?:${AGE_UNIT})?\\s*(?:to|-|–)\\s*${NUMBER}\\s*${AGE_UNIT}`].map(
    (pattern): [RegExp, (match: RegExpExecArray) => Span] => [
      new RegExp(pattern, 'gi'),
      ([, from, fromUnit, to, unit]) => ({ from: years(from, fromUnit ?? unit), fromIncluded: true, to: years(String(Number(to) + 1), unit), toIncluded: false }),
    ],
  ),
  [new RegExp(String.raw`(?:${AGED}|${GROUP})(?:over|above|older than)\s+${NUMBER}\s*${UNIT}`, 'gi'), ([, from, unit]) => atLeast(years(from, unit), false)],
  [new RegExp(String.raw`(?:${AGED}|${GROUP})(?:from|at least)\s+${NUMBER}\s*${UNIT}`, 'gi'), ([, from, unit]) => atLeast(years(from, unit))],
  [new RegExp(String.raw`(?:${AGED}|${GROUP})${NUMBER}\s*${UNIT}(?:\s+of age)?\s*(?:and|or)\s*(?:over|older|above)`, 'gi'), ([, from, unit]) => atLeast(years(from, unit))],
  [new RegExp(String.raw`(?:${AGED}|${GROUP})(?:under|below|younger than|less than)\s+${NUMBER}\s*${UNIT}`, 'gi'), ([, to, unit]) => below(years(to, unit))],
  [new RegExp(String.raw`\bages?\s+(?:from\s+)?${NUMBER}\s*(?:to|-|–)\s*${NUMBER}\b${IN_YEARS_ONLY}`, 'gi'), ([, from, to]) => ({ from: Number(from), fromIncluded: true, to: Number(to) + 1, toIncluded: false })],
  [new RegExp(String.raw`\b(?:over|above|older than)\s+(?:the\s+)?age\s+(?:of\s+)?${NUMBER}\b${IN_YEARS_ONLY}`, 'gi'), ([, from]) => atLeast(Number(from), false)],
  [new RegExp(String.raw`\b(?:under|below|younger than)\s+(?:the\s+)?age\s+(?:of\s+)?${NUMBER}\b${IN_YEARS_ONLY}`, 'gi'), ([, to]) => below(Number(to))],
];

/** The ages a sentence says it is for, in years. */
export function ageSpans(sentence: string): Span[] {
  return AGE_SPANS.flatMap(([pattern, read]) => [...sentence.matchAll(pattern)].map(read));
}

/** 1 when one of the sentence's spans holds the value, -1 when it has spans and none does, 0 when it gives none (or no value is asked). */
export function fit(spans: Span[], value: number | null): number {
  if (value === null || spans.length === 0) return 0;
  return spans.some((span) => holds(span, value)) ? 1 : -1;
}

export const ageFit = (sentence: string, age: number | null) => fit(ageSpans(sentence), age);

const KG = String.raw`\s*kg\b(?!\s*\/)`;
const PERSON = String.raw`(?:kids?|child|children|baby|babies|infants?|toddlers?|boys?|girls?|man|men|woman|women|adults?|patients?|pts?|person)`;

const WEIGHT_OF_SOMEONE = new RegExp(String.raw`(?<![\/\d.])${NUMBER}${KG}\s+${PERSON}\b`, 'i');
const WEIGHS = new RegExp(String.raw`\b(?:weigh(?:s|ing)?|weight(?:\s+(?:of|is))?)\s+(?:about\s+)?${NUMBER}${KG}`, 'i');

/** The body weight a question gives ('a 30kg kid', 'weighs 20 kg'), not a dose per kilogram or a weight lost; null when it gives none. */
export function askedWeight(question: string): number | null {
  const written = writtenOut(question);
  const [, before] = WEIGHT_OF_SOMEONE.exec(written) ?? [];
  const [, after] = WEIGHS.exec(written) ?? [];
  const amount = before ?? after;
  return amount ? Number(amount) : null;
}

/** Not a body weight: a weight lost or gained ('up to 2 kg weight loss'). */
const NOT_BODY_WEIGHT = String.raw`(?!\s+(?:of\s+)?(?:weight\s+)?(?:loss|lost|gain|gained))`;

/** The ways a sentence bounds a body weight: '15 to 23 kg' (both included), 'over 40 kg', '15 kg or less', 'under 20 kg'. */
const WEIGHT_SPANS: [RegExp, (match: RegExpExecArray) => Span][] = [
  [new RegExp(String.raw`\b${NUMBER}\s*(?:kg)?\s*(?:to|-|–)\s*${NUMBER}${KG}${NOT_BODY_WEIGHT}`, 'gi'), ([, from, to]) => ({ from: Number(from), fromIncluded: true, to: Number(to), toIncluded: true })],
  [new RegExp(String.raw`\b(?:over|above|more than)\s+${NUMBER}${KG}${NOT_BODY_WEIGHT}`, 'gi'), ([, from]) => atLeast(Number(from), false)],
  [new RegExp(String.raw`\bat least\s+${NUMBER}${KG}${NOT_BODY_WEIGHT}`, 'gi'), ([, from]) => atLeast(Number(from))],
  [new RegExp(String.raw`\b(?:under|below|less than)\s+${NUMBER}${KG}${NOT_BODY_WEIGHT}`, 'gi'), ([, to]) => below(Number(to))],
  [new RegExp(String.raw`\bup to\s+${NUMBER}${KG}${NOT_BODY_WEIGHT}`, 'gi'), ([, to]) => below(Number(to), true)],
  [new RegExp(String.raw`\b${NUMBER}${KG}\s+or\s+(?:less|under|below)`, 'gi'), ([, to]) => below(Number(to), true)],
  [new RegExp(String.raw`\b${NUMBER}${KG}\s+or\s+(?:more|over|above)`, 'gi'), ([, from]) => atLeast(Number(from))],
];

export const weightFit = (sentence: string, weight: number | null) => fit(WEIGHT_SPANS.flatMap(([pattern, read]) => [...sentence.matchAll(pattern)].map(read)), weight);
