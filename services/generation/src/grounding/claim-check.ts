import { tokenize } from '@cairn/rules';
import { amountBoundElsewhere } from './amount-binding.js';
import { canonical, quantities, sameQuantity, type Quantity } from './claim-quantities.js';

/** How a step can say something other than the source words it reuses. */
export type ClaimConflict = 'polarity' | 'quantity' | 'frequency' | 'population';

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

/** The groups of people a text names (children, adults, pregnancy…), each once. */
export function populations(text: string): Set<string> {
  const found = new Set<string>();
  let rest = text.toLowerCase();
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
  return amountBoundElsewhere(stepText, sourceText)?.kind ?? null;
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
