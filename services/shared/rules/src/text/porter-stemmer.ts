const STEP2: ReadonlyArray<readonly [string, string]> = [
  ['ational', 'ate'], ['tional', 'tion'], ['enci', 'ence'], ['anci', 'ance'], ['izer', 'ize'], ['bli', 'ble'], ['alli', 'al'],
  ['entli', 'ent'], ['eli', 'e'], ['ousli', 'ous'], ['ization', 'ize'], ['ation', 'ate'], ['ator', 'ate'], ['alism', 'al'],
  ['iveness', 'ive'], ['fulness', 'ful'], ['ousness', 'ous'], ['aliti', 'al'], ['iviti', 'ive'], ['biliti', 'ble'], ['logi', 'log'],
];
const STEP3: ReadonlyArray<readonly [string, string]> = [
  ['icate', 'ic'], ['ative', ''], ['alize', 'al'], ['iciti', 'ic'], ['ical', 'ic'], ['ful', ''], ['ness', ''],
];
const STEP4 = ['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ion', 'ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize'];

function isConsonant(word: string, i: number): boolean {
  const c = word[i];
  if (c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u') return false;
  if (c === 'y') return i === 0 || !isConsonant(word, i - 1);
  return true;
}

/** Porter's m: the number of vowel-consonant sequences in the stem. */
function measure(stem: string): number {
  let m = 0;
  let i = 0;
  while (i < stem.length && isConsonant(stem, i)) i++;
  while (i < stem.length) {
    while (i < stem.length && !isConsonant(stem, i)) i++;
    if (i >= stem.length) break;
    while (i < stem.length && isConsonant(stem, i)) i++;
    m++;
  }
  return m;
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

function endsConsonantVowelConsonant(word: string): boolean {
  const n = word.length;
  if (n < 3 || !isConsonant(word, n - 3) || isConsonant(word, n - 2) || !isConsonant(word, n - 1)) return false;
  const last = word[n - 1];
  return last !== 'w' && last !== 'x' && last !== 'y';
}

function replaceSuffix(word: string, rules: ReadonlyArray<readonly [string, string]>): string {
  for (const [suffix, replacement] of rules) {
    if (word.endsWith(suffix)) {
      const stem = word.slice(0, -suffix.length);
      return measure(stem) > 0 ? stem + replacement : word;
    }
  }
  return word;
}

function stripPlural(word: string): string {
  if (word.endsWith('sses') || word.endsWith('ies')) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

function stripPastAndProgressive(word: string): string {
  if (word.endsWith('eed')) return measure(word.slice(0, -3)) > 0 ? word.slice(0, -1) : word;
  const suffix = word.endsWith('ed') ? 'ed' : word.endsWith('ing') ? 'ing' : '';
  if (!suffix || !hasVowel(word.slice(0, -suffix.length))) return word;
  const stem = word.slice(0, -suffix.length);
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return stem + 'e';
  if (endsDoubleConsonant(stem) && !/[lsz]$/.test(stem)) return stem.slice(0, -1);
  if (measure(stem) === 1 && endsConsonantVowelConsonant(stem)) return stem + 'e';
  return stem;
}

function stripResidualSuffix(word: string): string {
  for (const suffix of STEP4) {
    if (word.endsWith(suffix)) {
      const stem = word.slice(0, -suffix.length);
      const allowed = suffix !== 'ion' || /[st]$/.test(stem);
      return measure(stem) > 1 && allowed ? stem : word;
    }
  }
  return word;
}

function tidyEnding(word: string): string {
  let w = word;
  if (w.endsWith('e')) {
    const stem = w.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsConsonantVowelConsonant(stem))) w = stem;
  }
  if (measure(w) > 1 && endsDoubleConsonant(w) && w.endsWith('l')) w = w.slice(0, -1);
  return w;
}

/** The Porter (1980) stemmer, as in Martin Porter's reference C implementation; expects a lowercase ASCII word. */
export function porterStem(word: string): string {
  if (word.length <= 2) return word;
  let w = stripPastAndProgressive(stripPlural(word));
  if (w.endsWith('y') && hasVowel(w.slice(0, -1))) w = w.slice(0, -1) + 'i';
  w = replaceSuffix(w, STEP2);
  w = replaceSuffix(w, STEP3);
  return tidyEnding(stripResidualSuffix(w));
}
