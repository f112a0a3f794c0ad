/** Lucene's English stop words, which Elasticsearch's `english` analyzer removes. */
const ENGLISH_STOP_WORDS = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(' '),
);

/** Letters and digits, kept together across inner apostrophes, dots and underscores (roughly UAX #29). */
const WORD = /[\p{L}\p{N}_]+(?:['’.][\p{L}\p{N}_]+)*/gu;

export type AnalyzerName = 'english' | 'standard';

const isVowelAt = (word: string, i: number): boolean => {
  const c = word[i];
  if ('aeiou'.includes(c)) return true;
  return c === 'y' && i > 0 && !isVowelAt(word, i - 1);
};

/** Porter's m: the number of vowel-consonant sequences in `stem`. */
function measure(stem: string): number {
  let m = 0;
  let previousVowel = false;
  for (let i = 0; i < stem.length; i++) {
    const vowel = isVowelAt(stem, i);
    if (previousVowel && !vowel) m++;
    previousVowel = vowel;
  }
  return m;
}

const hasVowel = (stem: string) => [...stem].some((_, i) => isVowelAt(stem, i));
const endsDoubleConsonant = (stem: string) =>
  stem.length >= 2 && stem.at(-1) === stem.at(-2) && !isVowelAt(stem, stem.length - 1);
/** Consonant-vowel-consonant at the end, the last not w, x or y. */
const endsCvc = (stem: string) => {
  const n = stem.length;
  return n >= 3 && !isVowelAt(stem, n - 3) && isVowelAt(stem, n - 2) && !isVowelAt(stem, n - 1) && !'wxy'.includes(stem[n - 1]);
};

type Rule = [suffix: string, replacement: string];

/** Applies the first rule whose suffix matches, when the remaining stem satisfies `condition`. */
function applyFirst(word: string, rules: Rule[], condition: (stem: string, suffix: string) => boolean): string {
  for (const [suffix, replacement] of rules) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, -suffix.length);
    return condition(stem, suffix) ? stem + replacement : word;
  }
  return word;
}

const STEP2: Rule[] = [
  ['ational', 'ate'], ['tional', 'tion'], ['enci', 'ence'], ['anci', 'ance'], ['izer', 'ize'], ['bli', 'ble'],
  ['alli', 'al'], ['entli', 'ent'], ['eli', 'e'], ['ousli', 'ous'], ['ization', 'ize'], ['ation', 'ate'],
  ['ator', 'ate'], ['alism', 'al'], ['iveness', 'ive'], ['fulness', 'ful'], ['ousness', 'ous'], ['aliti', 'al'],
  ['iviti', 'ive'], ['biliti', 'ble'], ['logi', 'log'],
];
const STEP3: Rule[] = [['icate', 'ic'], ['ative', ''], ['alize', 'al'], ['iciti', 'ic'], ['ical', 'ic'], ['ful', ''], ['ness', '']];
const STEP4: Rule[] = [
  'al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ion', 'ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize',
]
  .sort((a, b) => b.length - a.length)
  .map((suffix) => [suffix, '']);

/** Martin Porter's stemmer (his reference version), close to what Lucene's PorterStemFilter does. */
export function porterStem(input: string): string {
  if (input.length <= 2) return input;
  let word = input;

  if (word.endsWith('sses') || word.endsWith('ies')) word = word.slice(0, -2);
  else if (word.endsWith('s') && !word.endsWith('ss')) word = word.slice(0, -1);

  if (word.endsWith('eed')) {
    if (measure(word.slice(0, -3)) > 0) word = word.slice(0, -1);
  } else {
    const suffix = ['ed', 'ing'].find((ending) => word.endsWith(ending) && hasVowel(word.slice(0, -ending.length)));
    if (suffix) {
      word = word.slice(0, -suffix.length);
      if (word.endsWith('at') || word.endsWith('bl') || word.endsWith('iz')) word += 'e';
      else if (endsDoubleConsonant(word) && !'lsz'.includes(word.at(-1)!)) word = word.slice(0, -1);
      else if (measure(word) === 1 && endsCvc(word)) word += 'e';
    }
  }

  if (word.endsWith('y') && hasVowel(word.slice(0, -1))) word = `${word.slice(0, -1)}i`;

  word = applyFirst(word, STEP2, (stem) => measure(stem) > 0);
  word = applyFirst(word, STEP3, (stem) => measure(stem) > 0);
  word = applyFirst(word, STEP4, (stem, suffix) => measure(stem) > 1 && (suffix !== 'ion' || /[st]$/.test(stem)));

  if (word.endsWith('e')) {
    const stem = word.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsCvc(stem))) word = stem;
  }
  if (word.endsWith('ll') && measure(word) > 1) word = word.slice(0, -1);
  return word;
}

/**
 * Elasticsearch's `english` analyzer (standard tokenizer, possessive stemmer, lowercase, English stop
 * words, Porter stemmer), or `standard` (tokenizer and lowercase only).
 */
export function analyze(text: string, analyzer: AnalyzerName): string[] {
  const tokens: string[] = [];
  for (const [match] of text.matchAll(WORD)) {
    if (analyzer === 'standard') {
      tokens.push(match.toLowerCase());
      continue;
    }
    const token = match.replace(/['’][sS]$/, '').toLowerCase();
    if (!ENGLISH_STOP_WORDS.has(token)) tokens.push(porterStem(token));
  }
  return tokens;
}
