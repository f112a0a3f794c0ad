import { tokenize } from '@cairn/rules';

/** How a step can say something other than the source words it reuses. */
export type ClaimConflict = 'polarity' | 'quantity' | 'frequency' | 'population';

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

const canonical = (text: string) => CANONICAL.reduce((current, [pattern, replacement]) => current.replace(pattern, replacement), ` ${text.toLowerCase()} `);

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
interface Quantity {
  kind: 'quantity' | 'frequency' | 'population';
  value: string;
  unit: string;
  basis: string;
  qualifier: string;
}

const QUANTITY =
  /(?:(≤|≥)\s*)?(\d+(?:\.\d+)?)(?:\s*(?:-|to)\s*(\d+(?:\.\d+)?))?\s*(?!(?:per|a|an|each|every|to|and|or|of|in|on|at|for|with)\b)(%|°c|°|[a-zµμ]+(?:\/[a-z]+)?)?(?:\s*(?:\/|per|a|an|each|every)\s*(kg|kilogram|minute|min|hour|hr|h|dose|m2|day|week|24 hours))?/g;

function quantities(text: string): Quantity[] {
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

const sameQuantity = (step: Quantity, source: Quantity) =>
  step.kind === source.kind &&
  step.value === source.value &&
  (step.unit === source.unit || (step.unit === '' && step.basis === '')) &&
  step.basis === source.basis &&
  (step.qualifier === source.qualifier || (step.kind === 'frequency' && (step.qualifier === '' || source.qualifier === '') && step.unit !== 'times'));

const POPULATIONS: [RegExp, string][] = [
  [/\b(?:older|elderly|aged) (?:people|persons?|adults|patients)\b|\belderly\b/g, 'older'],
  [/\b(?:infants?|infancy|babies|baby|newborns?|neonates?|neonatal)\b/g, 'infant'],
  [/\b(?:adolescents?|teenagers?|teens?|young people)\b/g, 'adolescent'],
  [/\b(?:children|child|childhood|paediatric|pediatric|kids?)\b/g, 'child'],
  [/\badults?\b/g, 'adult'],
  [/\b(?:pregnant|pregnancy|pregnancies)\b/g, 'pregnancy'],
  [/\b(?:breastfeeding|breast-feeding|lactating)\b/g, 'breastfeeding'],
  [/\b(?:women|woman)\b/g, 'women'],
  [/\b(?:men|man)\b/g, 'men'],
  [/\b(?:allergic|allergy|allergies|hypersensitivity)\b/g, 'allergy'],
  [/\b(?:kidney|renal)\b/g, 'kidney disease'],
  [/\b(?:liver|hepatic)\b/g, 'liver disease'],
];

function populations(text: string): Set<string> {
  const found = new Set<string>();
  let rest = text;
  for (const [pattern, group] of POPULATIONS) {
    if (pattern.test(rest)) found.add(group);
    pattern.lastIndex = 0;
    rest = rest.replace(pattern, ' ');
  }
  return found;
}

const NEGATION = /\b(?:unless|not|no|never|avoid\w*|nothing|none|neither|contraindicat\w*|withh[eo]ld\w*|stop\w*|discontinu\w*|refrain\w*)\b/g;
/** Words that open a clause of their own, so a negation on one side does not reach the other. */
const CLAUSE_BREAK = /[;:()[\]]|\.\s|\b(?:but|unless|except|if|when|whenever|because|although|though|while|whereas|until|instead|otherwise|then)\b/;
const SUBORDINATE = /^(?:unless|except|if|when|whenever|because|although|though|while|whereas|until)$/;

interface Clause {
  stems: string[];
  negated: boolean;
}

/** Clauses with their polarity: an odd number of negations negates a clause ("do not stop" does not). */
function clauses(text: string): Clause[] {
  const pieces: string[] = [];
  let current = '';
  let subordinate = false;
  let previous = '';
  for (const token of text.split(/(\s+|[;:()[\],]|\.\s)/)) {
    const word = token.trim();
    const afterComma = previous === ',';
    if (word) previous = word;
    if ((word === ',' && subordinate) || (afterComma && word === 'and')) {
      pieces.push(current);
      current = '';
      subordinate = false;
      continue;
    }
    if (word && CLAUSE_BREAK.test(word === '.' ? '. ' : word)) {
      pieces.push(current);
      current = word === 'unless' ? 'unless ' : '';
      subordinate = SUBORDINATE.test(word);
      continue;
    }
    current += token;
  }
  pieces.push(current);
  return pieces
    .map((piece) => ({ stems: tokenize(piece.replace(NEGATION, ' ')), negated: (piece.match(NEGATION)?.length ?? 0) % 2 === 1 }))
    .filter((clause) => clause.stems.length > 0);
}

/** A step word the source only ever states with the opposite polarity. */
function polarityFlipped(step: string, source: string): boolean {
  const polarity = new Map<string, Set<boolean>>();
  for (const clause of clauses(source)) {
    for (const stem of clause.stems) polarity.set(stem, (polarity.get(stem) ?? new Set<boolean>()).add(clause.negated));
  }
  return clauses(step).some((clause) => clause.stems.some((stem) => polarity.has(stem) && !polarity.get(stem)!.has(clause.negated)));
}

/**
 * How a step contradicts the source sentences that carry its words, or null when it states only what
 * they state: the same polarity, every amount, time and age qualifier it gives, and no population or
 * condition the source does not name.
 */
export function claimConflict(step: string, source: string): ClaimConflict | null {
  const stepText = canonical(step);
  const sourceText = canonical(source);
  if (polarityFlipped(stepText, sourceText)) return 'polarity';
  const stated = quantities(sourceText);
  const missing = quantities(stepText).find((quantity) => !stated.some((candidate) => sameQuantity(quantity, candidate)));
  if (missing) return missing.kind;
  const named = populations(sourceText);
  const groups = populations(stepText);
  if ([...groups].some((group) => !named.has(group))) return 'population';
  if (groups.size > 0 && givenToOthers(quantities(stepText), groups, sourceText)) return 'population';
  return null;
}

/** An amount the source states only in parts about other populations ("20 mg for children; 10 mg for infants"). */
function givenToOthers(stated: Quantity[], groups: Set<string>, source: string): boolean {
  const parts = source.split(/;|\.\s|\n/).map((text) => ({ quantities: quantities(text), groups: populations(text) }));
  return stated
    .filter((quantity) => quantity.kind !== 'population')
    .some((quantity) => {
      const holders = parts.filter((part) => part.quantities.some((candidate) => sameQuantity(quantity, candidate)));
      return holders.length > 0 && holders.every((part) => part.groups.size > 0 && ![...groups].some((group) => part.groups.has(group)));
    });
}

const SENTENCE_END = /(?<=[.!?])\s+(?=["'(]?[A-Z0-9])|\r?\n+/;
const MAX_SUPPORTING_SENTENCES = 3;

/** Stems of the qualifiers compared above: they must be found where the step's other words are, not anywhere in the source. */
const QUALIFIER_STEMS = new Set(
  tokenize(
    'daily weekly hourly monthly times mg g gm mcg microgram micrograms ml millilitres litres kg units iu mmol percent minutes hours days weeks months years ' +
      'children child childhood adults adult infants infant infancy babies baby newborns pregnant pregnancy breastfeeding women woman men man older elderly allergic allergy',
  ),
);
const isQualifier = (stem: string) => QUALIFIER_STEMS.has(stem) || /^\d/.test(stem);

/** The source sentences that carry a step's words: the best one, then any that adds words it lacks. */
export function supportingSentences(step: string, source: string): string[] {
  const stems = tokenize(step);
  const wanted = new Set(stems.filter((stem) => !isQualifier(stem)));
  const qualifiers = [...new Set(stems.filter(isQualifier))];
  const sentences = source
    .split(SENTENCE_END)
    .map((text) => text.replace(/^\s*(?:[-*•●▪]|\d{1,2}[.)])\s+/, '').trim())
    .filter(Boolean)
    .map((text) => ({ text, stems: new Set(tokenize(text)) }));
  const chosen: string[] = [];
  const covered = new Set<string>();
  while (chosen.length < MAX_SUPPORTING_SENTENCES) {
    let best: { text: string; stems: Set<string>; gain: number } | undefined;
    for (const sentence of sentences) {
      const words = [...wanted].filter((stem) => !covered.has(stem) && sentence.stems.has(stem)).length;
      if (words === 0) continue;
      const gain = chosen.length === 0 ? words * 1000 + qualifiers.filter((stem) => sentence.stems.has(stem)).length : words;
      if (gain > (best?.gain ?? 0)) best = { ...sentence, gain };
    }
    if (!best) break;
    chosen.push(best.text);
    for (const stem of best.stems) covered.add(stem);
  }
  return chosen;
}

/** `claimConflict` against the sentences of a source that support the step. */
export const claimConflictWithSource = (step: string, source: string) => claimConflict(step, supportingSentences(step, source).join('\n'));
