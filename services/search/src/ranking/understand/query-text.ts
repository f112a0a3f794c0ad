import { WORD_LISTS } from './word-lists.js';

const STOPWORDS = WORD_LISTS.stopwords;

/** "can't", "won't" and the other n't contractions, typed with or without the apostrophe ("doesnt"). */
const CONTRACTION = /\b(ca|wo|sha|do|does|did|is|are|was|were|has|have|had|could|should|would|must|need)n['’]?t\b/g;
const CONTRACTED = { ca: 'can', wo: 'will', sha: 'shall' } as Record<string, string>;

/** The words of a text as typed (letters and digits, Unicode-aware, case kept), in order. */
export function typedWords(text: string): string[] {
  return text.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Lower-cased word tokens, in order, with duplicates; "doesn't" reads "does not". */
export function wordTokens(text: string): string[] {
  return typedWords(text.toLowerCase().normalize('NFKC').replace(CONTRACTION, (_, verb: string) => `${CONTRACTED[verb] ?? verb} not`));
}

/** A plural's singular for matching the terms table ('epipens' finds 'epipen', 'fits' finds 'fit'); other words as they are. */
export function singular(word: string): string {
  return word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word) ? word.slice(0, -1) : word;
}

const FILLERS = WORD_LISTS.fillers;

/** A text's words as table phrases are matched: singulars, without articles and possessives, each with its word as typed. */
export function phraseWords(text: string): { word: string; singular: string }[] {
  return wordTokens(text)
    .filter((word) => !FILLERS.has(word))
    .map((word) => ({ word, singular: singular(word) }));
}

export const stopwords: ReadonlySet<string> = STOPWORDS;

/** Distinct content words of a query: word tokens without stopwords. */
export function queryTerms(text: string): string[] {
  return [...new Set(wordTokens(text).filter((token) => !STOPWORDS.has(token)))];
}

/** A word typed with a capital inside it ('ACEi', 'mTBI', 'NovoRapid', 'HbA1c'), not a shift-key slip ('DEnge'). */
const MIXED_CASE = /^(?!\p{Lu}{2}\p{Ll}+$)(?=.*\p{Ll})\p{L}.*\p{Lu}/u;
/** A short word in capitals ('TNK', 'DKA'). */
const CAPITALS = /^\p{Lu}{2,5}$/u;
const TITLE = /^\p{Lu}\p{Ll}/u;

/**
 * The words a query writes as names (lower-cased): abbreviations and brands, typed with a capital inside
 * them or as a short word in capitals, and words capitalised inside a sentence ('from Assam', 'a Widal').
 * A query typed in capitals or title case says nothing by its capitals but the ones inside a word.
 */
export function writtenAsNames(text: string): { abbreviations: Set<string>; names: Set<string> } {
  const abbreviations = new Set<string>();
  const names = new Set<string>();
  const words = [...text.normalize('NFKC').matchAll(/[\p{L}\p{N}]+/gu)];
  const capitalised = words.filter(([word]) => /^\p{Lu}/u.test(word) && !MIXED_CASE.test(word)).length;
  const casual = capitalised * 2 <= words.length;
  for (const { 0: word, index } of words) {
    const lower = word.toLowerCase();
    if (MIXED_CASE.test(word) || (casual && CAPITALS.test(word))) abbreviations.add(lower);
    else if (casual && TITLE.test(word) && !/(?:^|[.!?:])$/.test(text.normalize('NFKC').slice(0, index).trimEnd())) names.add(lower);
  }
  return { abbreviations, names };
}

/** The text with each word that has a correction (keyed by its lower-cased form) replaced by it. */
export function applyCorrections(text: string, corrections: Readonly<Record<string, string>>): string {
  if (Object.keys(corrections).length === 0) return text;
  return text.replace(/[\p{L}\p{N}]+/gu, (word) => corrections[word.toLowerCase().normalize('NFKC')] ?? word);
}
