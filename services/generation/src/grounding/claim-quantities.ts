const NUMBER_WORDS: Record<string, string> = {
  one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10',
  eleven: '11', twelve: '12', fifteen: '15', twenty: '20', thirty: '30', forty: '40', fifty: '50', hundred: '100',
};

/** Wordings of the same thing, rewritten to one form so a paraphrase compares equal to its source. */
const CANONICAL: [RegExp, string][] = [
  [/[‐‑‒–—−]/g, '-'],
  [/(\d),(\d{3})\b/g, '$1$2'],
  [/\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred)\b/g, (word: string) => NUMBER_WORDS[word]] as unknown as [RegExp, string],
  [/\bonce\b/g, '1 times'],
  [/\btwice\b/g, '2 times'],
  [/\bthrice\b/g, '3 times'],
  [/\b(?:do not exceed|does not exceed|not to exceed|not exceeding|no more than|not more than|up to|a maximum of|maximum of|maximum|max\.?|at most|at the most)\s+(?=\d)/g, ' ≤ '],
  [/\b(?:at least|no less than|not less than|a minimum of|minimum of|minimum)\s+(?=\d)/g, ' ≥ '],
  [/\b(\d+(?:\.\d+)?)\s+or more\b/g, '≥ $1'],
  [/\b(?:every|each|per|a|an|1 times a|1 times per|1 times every)\s+day\b|\b1 times daily\b/g, ' daily '],
  [/\b(\d+) times (?:a|per|each|every) day\b/g, '$1 times daily'],
  [/\b(?:every|each|per|a|an|1 times a|1 times per)\s+week\b|\b1 times weekly\b/g, ' weekly '],
  [/\b(\d+) times (?:a|per|each|every) week\b/g, '$1 times weekly'],
  [/\bdon't\b/g, 'do not'],
  [/,?\s+(?:and|or)\s+(?=(?:do not|never|avoid|don't)\b)/g, '; '],
  [/\bcan't\b|\bcannot\b/g, 'can not'],
  [/\b(\w+)n't\b/g, '$1 not'],
];

/** Small numbers written as words, as digits: "four to six hours" → "4 to 6 hours". */
export const numbersAsDigits = (text: string) => text.replace(/\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred)\b/gi, (word) => NUMBER_WORDS[word.toLowerCase()]);

/** Lower case, with wordings of one thing rewritten to one form. */
export const canonical = (text: string) => CANONICAL.reduce((current, [pattern, replacement]) => current.replace(pattern, replacement), ` ${text.toLowerCase()} `);

const UNITS: [RegExp, string][] = [
  [/^(?:mg|milligrams?)$/, 'mg'],
  [/^(?:g|gm|grams?)$/, 'g'],
  [/^(?:mcg|µg|μg|ug|micrograms?)$/, 'mcg'],
  [/^(?:kg|kilograms?|kilos?)$/, 'kg'],
  [/^(?:ml|millilitres?|milliliters?)$/, 'ml'],
  [/^(?:l|litres?|liters?)$/, 'l'],
  [/^(?:units?|iu)$/, 'unit'],
  [/^(?:mmol|millimoles?)$/, 'mmol'],
  [/^(?:mmhg)$/, 'mmhg'],
  [/^(?:%|percent)$/, '%'],
  [/^(?:°c|°|degrees?|c)$/, '°c'],
  [/^(?:tablets?|tabs?)$/, 'tablet'],
  [/^(?:doses?)$/, 'dose'],
  [/^(?:sachets?|packets?)$/, 'sachet'],
  [/^(?:drops?)$/, 'drop'],
  [/^(?:breaths?)$/, 'breath'],
  [/^(?:beats?|bpm)$/, 'beat'],
  [/^(?:compressions?)$/, 'compression'],
  [/^(?:cm|centimetres?|centimeters?)$/, 'cm'],
  [/^(?:mm|millimetres?|millimeters?)$/, 'mm'],
  [/^(?:seconds?|secs?|s)$/, 'second'],
  [/^(?:minutes?|mins?)$/, 'minute'],
  [/^(?:hours?|hrs?|h)$/, 'hour'],
  [/^(?:days?)$/, 'day'],
  [/^(?:weeks?|wks?)$/, 'week'],
  [/^(?:months?)$/, 'month'],
  [/^(?:years?|yrs?)$/, 'year'],
  [/^(?:times)$/, 'times'],
];
const TIME_UNITS = new Set(['second', 'minute', 'hour', 'day', 'week', 'month', 'year']);
const AGE_UNITS = new Set(['', 'week', 'month', 'year']);

const unitOf = (word: string | undefined) => (word ? (UNITS.find(([pattern]) => pattern.test(word))?.[1] ?? '') : '');

const TIMING_WORDS: [RegExp, string][] = [
  [/(?:every|each|per|a|an)\s*$/, 'every'],
  [/(?:within|in|inside|less than|under|below)\s*$/, 'within'],
  [/(?:for|over|during|lasting)\s*$/, 'for'],
  [/(?:after|later than)\s*$/, 'after'],
  [/(?:before|prior to)\s*$/, 'before'],
];
const COMPARISON_WORDS: [RegExp, string][] = [
  [/(?:under|below|less than|lower than|younger than)\s*$/, '<'],
  [/(?:over|above|more than|greater than|higher than|older than)\s*$/, '>'],
];
const AGE_WORDS: [RegExp, string][] = [
  [/(?:under|below|younger than|less than)\s*$/, '<'],
  [/(?:over|above|older than|more than|from)\s*$/, '>'],
  [/(?:aged|age|of)\s*$/, '='],
];

/** A stated amount, time or age: numbers, unit, what it is per, and whether it is a limit. */
export interface Quantity {
  kind: 'quantity' | 'frequency' | 'population';
  value: string;
  unit: string;
  basis: string;
  qualifier: string;
}

const QUANTITY =
  /(?:(≤|≥)\s*)?(\d+(?:\.\d+)?)(?:\s*(?:-|to)\s*(\d+(?:\.\d+)?))?\s*(?!(?:per|a|an|each|every|to|and|or|of|in|on|at|for|with)\b)(%|°c|°|[a-zµμ]+(?:\/[a-z]+)?)?(?:\s*(?:\/|per|a|an|each|every)\s*(kg|kilogram|minute|min|hour|hr|h|dose|m2|day|week|24 hours))?/g;

export function quantities(text: string): Quantity[] {
  const found: Quantity[] = [];
  for (const match of text.matchAll(QUANTITY)) {
    const [whole, bound = '', low, high, rawUnit, rawBasis] = match;
    const before = text.slice(Math.max(0, match.index - 24), match.index);
    if (/[a-z]$/.test(before)) continue;
    const [unitWord, perWord] = (rawUnit ?? '').split('/');
    const unit = unitOf(unitWord);
    const basis = unitOf(perWord ?? rawBasis) || (perWord ?? rawBasis ?? '');
    const value = high ? `${Number(low)}-${Number(high)}` : `${Number(low)}`;
    const age = AGE_WORDS.find(([pattern]) => pattern.test(before))?.[1];
    if (unit === 'times') {
      const per = /^\s*(daily|weekly|hourly)/.exec(text.slice(match.index + whole.length))?.[1] ?? basis;
      found.push({ kind: 'frequency', value, unit: 'times', basis: per, qualifier: bound });
    } else if (age && !bound && AGE_UNITS.has(unit) && (age !== '=' || unit === 'year' || unit === 'month')) {
      found.push({ kind: 'population', value, unit: unit || 'year', basis: '', qualifier: age });
    } else if (TIME_UNITS.has(unit)) {
      const timing = TIMING_WORDS.find(([pattern]) => pattern.test(before))?.[1] ?? '';
      found.push({ kind: 'frequency', value, unit, basis, qualifier: bound || timing });
    } else {
      const comparison = COMPARISON_WORDS.find(([pattern]) => pattern.test(before))?.[1] ?? '';
      found.push({ kind: 'quantity', value, unit, basis, qualifier: bound || comparison });
    }
  }
  for (const match of text.matchAll(/(?<!\d times )\b(daily|weekly|hourly)\b/g)) {
    found.push({ kind: 'frequency', value: '1', unit: 'times', basis: match[1], qualifier: '' });
  }
  return found;
}

export const sameQuantity = (step: Quantity, source: Quantity) =>
  step.kind === source.kind &&
  step.value === source.value &&
  (step.unit === source.unit || (step.unit === '' && step.basis === '')) &&
  step.basis === source.basis &&
  (step.qualifier === source.qualifier || (step.kind === 'frequency' && (step.qualifier === '' || source.qualifier === '') && step.unit !== 'times'));

