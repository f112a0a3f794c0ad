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

/**
 * The words a query writes as names (lower-cased): abbreviations and brands, with a capital after their
 * first letter ('ACEi', 'TNK', 'NovoRapid'), and words capitalised after the first ('from Assam', 'a Widal').
 */
export function writtenAsNames(text: string): { abbreviations: Set<string>; names: Set<string> } {
  const abbreviations = new Set<string>();
  const names = new Set<string>();
  typedWords(text).forEach((word, position) => {
    if (/\p{Lu}/u.test(word.slice(1))) abbreviations.add(word.toLowerCase());
    else if (position > 0 && /^\p{Lu}/u.test(word)) names.add(word.toLowerCase());
  });
  return { abbreviations, names };
}

/** The text with each word that has a correction (keyed by its lower-cased form) replaced by it. */
export function applyCorrections(text: string, corrections: Readonly<Record<string, string>>): string {
  if (Object.keys(corrections).length === 0) return text;
  return text.replace(/[\p{L}\p{N}]+/gu, (word) => corrections[word.toLowerCase().normalize('NFKC')] ?? word);
}
