import { porterStem } from './porter-stemmer.js';

const STOPWORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by can could ' +
    'did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in ' +
    'into is it its itself just me more most my myself no nor not of off on once only or other our ours ourselves out over own same she ' +
    'should so some such than that the their theirs them themselves then there these they this those through to too under until up very ' +
    'was we were what when where which while who whom why will with would you your yours yourself yourselves'
  ).split(' '),
);
const WORD = /[\p{L}\p{N}]+/gu;
const COMBINING_MARKS = /\p{M}+/gu;
const ASCII_LETTERS = /^[a-z]+$/;
const STEM_CACHE_LIMIT = 100_000;
const stemCache = new Map<string, string>();

/** Porter stem of one lowercased word (cached); words with non-ASCII letters are kept as they are. */
export function stem(word: string): string {
  let stemmed = stemCache.get(word);
  if (stemmed === undefined) {
    stemmed = ASCII_LETTERS.test(word) ? porterStem(word) : word;
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    stemCache.set(word, stemmed);
  }
  return stemmed;
}

/**
 * Lowercased, accent-folded words of letters and digits, English stopwords dropped, Porter-stemmed.
 */
export function tokenize(text: string): string[] {
  const words = text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase().match(WORD) ?? [];
  const tokens: string[] = [];
  for (const word of words) if (!STOPWORDS.has(word)) tokens.push(stem(word));
  return tokens;
}
