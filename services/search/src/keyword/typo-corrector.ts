import { fts5Tokens } from './fts5-tokens.js';
import { maxEdits } from '@cairn/rules';

/** A misspelt word counts as the words it was meant to be, weighted below an exact match by its edits. */
export const TYPO_WEIGHT = [1, 0.7, 0.5];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const MAX_MEANT = 3;

/** What a typo corrector needs of an index: how often it holds an indexed term, and its words near a stem. */
export interface Vocabulary {
  frequency(term: string): number;
  neighboursOf(term: string): { term: string; edits: number }[];
}

/** Every word one edit from `word` (deleted, swapped, replaced or inserted letter), the first letter kept. */
function oneEditAway(word: string): Set<string> {
  const found = new Set<string>();
  for (let i = 1; i <= word.length; i++) {
    const [head, tail] = [word.slice(0, i), word.slice(i)];
    if (tail) found.add(head + tail.slice(1));
    if (tail.length > 1) found.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of LETTERS) {
      if (tail) found.add(head + letter + tail.slice(1));
      found.add(head + letter + tail);
    }
  }
  found.delete(word);
  return found;
}

/**
 * The indexed terms a query word the index does not hold was meant to be, with their edits. Words one
 * edit away are stemmed as the index stems ('chocking' → 'choking' → 'choke', which the stems alone,
 * 'chock' against 'choke', would miss); otherwise indexed stems within the edits the word allows.
 */
export function meantTerms(word: string, vocabulary: Vocabulary): { term: string; edits: number }[] {
  const [stem] = fts5Tokens(word);
  if (!stem || vocabulary.frequency(stem) > 0 || maxEdits(word) === 0 || /\d/.test(word)) return [];
  const stems = new Set<string>();
  for (const variant of oneEditAway(word)) {
    const [variantStem] = fts5Tokens(variant);
    if (variantStem && vocabulary.frequency(variantStem) > 0) stems.add(variantStem);
  }
  if (stems.size > 0) {
    return [...stems]
      .sort((a, b) => vocabulary.frequency(b) - vocabulary.frequency(a))
      .slice(0, MAX_MEANT)
      .map((term) => ({ term, edits: 1 }));
  }
  return vocabulary.neighboursOf(stem);
}
