const STOPWORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by
  can could did do does doing down during each few for from further had has have having he her here hers him his how i
  if in into is it its itself just me more most my no nor not now of off on once only or other our ours out over own
  same she should so some such than that the their them then there these they this those through to too under until up
  very was we were what when where which while who whom why will with would you your yours please tell explain give
  show list describe ll ve re s t`.split(/\s+/),
);

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

/** Articles and possessives, which never change what a lay phrase means ("hit his head", "hit her head"). */
const FILLERS = new Set(['a', 'an', 'the', 'my', 'his', 'her', 'their', 'your', 'our', 'its']);

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

/** The text with each word that has a correction (keyed by its lower-cased form) replaced by it. */
export function applyCorrections(text: string, corrections: Readonly<Record<string, string>>): string {
  if (Object.keys(corrections).length === 0) return text;
  return text.replace(/[\p{L}\p{N}]+/gu, (word) => corrections[word.toLowerCase().normalize('NFKC')] ?? word);
}
