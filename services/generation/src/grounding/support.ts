import { tokenize } from '@cairn/rules';
import { numbersAsDigits } from './claim-quantities.js';

const NUMBER = /\d+(?:[.,]\d+)?/g;

/** Content stems of a text (stopwords dropped, Porter-stemmed). */
export const contentStems = (text: string) => new Set(tokenize(numbersAsDigits(text)));

/**
 * How far `source` supports `claim`, 0..1: the share of the claim's content stems found in the source,
 * and 0 when the claim states a number (a dose, a threshold, a time) the source does not.
 */
export function support(claim: string, source: string, sourceStems: Set<string> = contentStems(source)): number {
  const numbers = numbersAsDigits(claim).match(NUMBER) ?? [];
  const sourceNumbers = new Set(numbersAsDigits(source).match(NUMBER) ?? []);
  if (numbers.some((number) => !sourceNumbers.has(number))) return 0;
  const stems = [...contentStems(numbersAsDigits(claim))];
  if (stems.length === 0) return 0;
  return stems.filter((stem) => sourceStems.has(stem)).length / stems.length;
}
