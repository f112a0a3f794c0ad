import { tokenize } from '@cairn/rules';
import { quantities, sameQuantity, type Quantity } from './claim-quantities.js';

/** Where one action ends and the next begins: "review within 1 hour and give antibiotics within 3 hours" (not "4.0 and 5.5"). */
const ACTION_BREAK = /[;,\n]|:\s|\.\s|\b(?:then|plus)\b|(?<!\d\s*)\band\b|\band\b(?!\s*\d)/;
const AMOUNT_STEM = /^\d|^(?:mg|g|gm|mcg|ml|l|kg|unit|iu|mmol|percent|second|minut|hour|hr|day|week|month|year|time|daili|weekli|hourli|dose|tablet)$/;

interface Action {
  words: Set<string>;
  amounts: Quantity[];
}

function actions(text: string): Action[] {
  return text
    .split(ACTION_BREAK)
    .map((piece) => ({ words: new Set(tokenize(piece).filter((stem) => !AMOUNT_STEM.test(stem))), amounts: quantities(` ${piece} `) }))
    .filter((action) => action.amounts.length > 0);
}

const comparable = (a: Quantity, b: Quantity) => a.kind === b.kind && (a.unit === b.unit || a.kind === 'frequency');
/** Who an amount is for binds it more than any other word: "10 mg to adults and 5 mg to children". */
const POPULATION_STEMS = new Set(tokenize('children child adults adult infants infant babies baby newborns pregnant pregnancy women men older elderly adolescents'));
const shared = (a: Set<string>, b: Set<string>) => [...a].filter((word) => b.has(word)).reduce((fit, word) => fit + (POPULATION_STEMS.has(word) ? 2 : 1), 0);
/** The step part's other amounts that a source part states too: "after 5 shocks" places "a further 150 mg". */
const alsoStated = (own: Quantity[], amount: Quantity, theirs: Quantity[]) =>
  own.filter((other) => other !== amount && theirs.some((candidate) => sameQuantity(other, candidate))).length;

/**
 * An amount of the step that the source gives, but to another action: the source part most like the
 * step's own part states a different amount of that kind. Undecided (false) when two parts fit equally.
 */
export function amountBoundElsewhere(step: string, source: string): Quantity | undefined {
  const sourceActions = actions(source);
  for (const own of actions(step)) {
    for (const amount of own.amounts) {
      const rivals = sourceActions
        .filter((action) => action.amounts.some((candidate) => comparable(amount, candidate)))
        .map((action) => ({ action, fit: shared(own.words, action.words) + alsoStated(own.amounts, amount, action.amounts) }))
        .sort((a, b) => b.fit - a.fit);
      const [best, next] = rivals;
      if (!best || best.fit === 0 || (next && next.fit === best.fit)) continue;
      if (!best.action.amounts.some((candidate) => sameQuantity(amount, candidate))) return amount;
    }
  }
  return undefined;
}
