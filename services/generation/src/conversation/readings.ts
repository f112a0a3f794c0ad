import { atLeast, below, fit, type Span } from './age-ranges.js';

/** Measures a clinician gives a reading of, each by the ways it is written ('K 4.2', 'sats 89%', 'GCS 12'). */
const MEASURES: Record<string, string[]> = {
  potassium: ['potassium', 'k\\+?'],
  sodium: ['sodium', 'na\\+?'],
  glucose: ['glucose', 'blood sugar', 'sugar', 'cbg', 'bg', 'bm'],
  ketones: ['ketones?'],
  pH: ['ph'],
  bicarbonate: ['bicarbonate', 'bicarb', 'hco3'],
  saturation: ['spo2', 'sats', 'oxygen saturation', 'saturation'],
  temperature: ['temperature', 'temp'],
  haemoglobin: ['ha?emoglobin', 'hb'],
  platelets: ['platelets?(?: count)?', 'plt'],
  GCS: ['gcs'],
  systolic: ['systolic(?: blood pressure| bp)?', 'sbp', 'bp', 'blood pressure'],
  eGFR: ['egfr'],
  creatinine: ['creatinine'],
  lactate: ['lactate'],
  INR: ['inr'],
  'heart rate': ['heart rate', 'pulse'],
  'respiratory rate': ['respiratory rate', 'rr'],
  NEWS2: ['news2?(?: score)?'],
  HbA1c: ['hba1c', 'a1c'],
};
const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
/** What follows an amount, a time or a rate rather than a reading ('40 mmol in 1 litre', 'over 4 hours', '10-20 mmol per hour'). */
const NOT_A_READING = String.raw`(?:(?:-|to|–)\s*\d+(?:\.\d+)?\s*)?(?:kg|mg|mcg|g\b|ml\b|l\b|units?\b|iu\b|mmol(?!\s*\/\s*(?:l|mol))|seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|per\s+(?:hour|minute|day)|\/h\b)`;
const UNIT = String.raw`(?:\s*(?:mmol\/l|mmol\/mol|mg\/dl|g\/l|g\/dl|mmhg|%|°c|°f|mmol|units?|per minute|\/min|ml\/min(?:\/1\.73\s*m2)?))?`;

/** A reading of one measure: which, its value, and the value as written. */
export interface Reading {
  measure: string;
  value: number;
  written: string;
}

/** The reading a question gives ('K 4.2 on admission', 'sats are 89%'), or null; a measure asked about without a value is none. */
export function askedReading(question: string): Reading | null {
  for (const [measure, pattern] of READING_ASKED) {
    const match = pattern.exec(question);
    if (match) return { measure, value: Number(match[1]), written: match[1] };
  }
  return null;
}

const READING_ASKED = Object.entries(MEASURES).map(
  ([measure, ways]) => [measure, new RegExp(String.raw`\b(?:${ways.join('|')})(?![\w+])\s*(?:of|is|was|at|=|:|are|now)?\s*${NUMBER}(?![\d.]*\s*${NOT_A_READING})`, 'i')] as const,
);

/** The ways a sentence bounds a reading just after naming its measure ('potassium is 3.5 to 5.5 mmol/L', 'if it is above 5.5'). */
const BOUNDS: [string, (values: string[]) => Span][] = [
  [String.raw`(?:between|from)\s+${NUMBER}${UNIT}\s*(?:and|to|-|–)\s*${NUMBER}`, ([from, to]) => ({ from: Number(from), fromIncluded: true, to: Number(to), toIncluded: true })],
  [String.raw`${NUMBER}${UNIT}\s*(?:to|-|–)\s*${NUMBER}`, ([from, to]) => ({ from: Number(from), fromIncluded: true, to: Number(to), toIncluded: true })],
  [String.raw`(?:below|under|less than|lower than|<)\s*${NUMBER}`, ([to]) => below(Number(to))],
  [String.raw`(?:above|over|more than|greater than|higher than|exceeds?|exceeding|>)\s*${NUMBER}`, ([from]) => atLeast(Number(from), false)],
  [String.raw`(?:at least|≥|>=)\s*${NUMBER}`, ([from]) => atLeast(Number(from))],
  [String.raw`${NUMBER}${UNIT}\s+or\s+(?:more|above|higher)`, ([from]) => atLeast(Number(from))],
  [String.raw`${NUMBER}${UNIT}\s+or\s+(?:less|below|lower)`, ([to]) => below(Number(to), true)],
];

/**
 * The spans a sentence gives for a measure: each bound within a short clause after the measure's name,
 * before any other measure is named, and not an amount, time or rate ('over 4 hours'). A bound after
 * "unless" holds outside it ('do not lower BP unless it exceeds 220/120' is for a BP up to 220).
 */
export function readingSpans(sentence: string, measure: string): Span[] {
  return boundPatterns(measure).flatMap(([pattern, read]) =>
    [...sentence.matchAll(pattern)].flatMap((match) => {
      const [, between, ...values] = match;
      const span = read(values);
      return /\bunless\b/i.test(between) ? outside(span) : [span];
    }),
  );
}

/** Each measure's bound patterns, built once: its name, a gap naming no other measure, the bound. */
const boundsByMeasure = new Map<string, [RegExp, (values: string[]) => Span][]>();
function boundPatterns(measure: string): [RegExp, (values: string[]) => Span][] {
  let patterns = boundsByMeasure.get(measure);
  if (!patterns) {
    const name = String.raw`\b(?:${MEASURES[measure].join('|')})(?![\w+])`;
    const others = Object.entries(MEASURES).filter(([other]) => other !== measure).flatMap(([, ways]) => ways);
    const gap = String.raw`((?:(?!\b(?:${others.join('|')})\b)[^.;,]){0,50}?)`;
    patterns = BOUNDS.map(([bound, read]) => [new RegExp(String.raw`${name}${gap}${bound}(?![\d.]*\s*${NOT_A_READING})`, 'gi'), read]);
    boundsByMeasure.set(measure, patterns);
  }
  return patterns;
}

/** The values a span leaves out, as spans. */
function outside({ from, fromIncluded, to, toIncluded }: Span): Span[] {
  return [
    ...(from > 0 ? [below(from, !fromIncluded)] : []),
    ...(to < Infinity ? [atLeast(to, !toIncluded)] : []),
  ];
}

/** 1 when the sentence bounds the question's measure around its reading, -1 when it bounds it elsewhere, 0 when it gives no bound (or no reading is asked). */
export const readingFit = (sentence: string, reading: Reading | null) => (reading ? fit(readingSpans(sentence, reading.measure), reading.value) : 0);
