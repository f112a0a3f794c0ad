import { porterStem } from '@cairn/rules';

const TOKEN = /[\p{L}\p{N}\p{Co}]+/gu;
const COMBINING_MARKS = /\p{M}+/gu;
const STEMMABLE = /^[a-z0-9]{3,64}$/;
const STEM_CACHE_LIMIT = 200_000;
const stems = new Map<string, string>();

function stem(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = STEMMABLE.test(word) ? porterStem(word) : word;
    if (stems.size >= STEM_CACHE_LIMIT) stems.clear();
    stems.set(word, stemmed);
  }
  return stemmed;
}

/**
 * The tokens SQLite's `porter unicode61 remove_diacritics 2` tokenizer makes of a text: accents
 * folded, lowercased, split on anything but letters, digits and private-use characters, Porter-stemmed.
 */
export function fts5Tokens(text: string): string[] {
  const words = text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase().match(TOKEN) ?? [];
  return words.map(stem);
}
