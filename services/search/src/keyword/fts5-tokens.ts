import { porterStem } from '@cairn/rules';

const TOKEN = /[\p{L}\p{N}\p{Co}]+/gu;
const COMBINING_MARKS = /\p{M}+/gu;
const STEMMABLE = /^[a-z0-9]{3,64}$/;
const STEM_CACHE_LIMIT = 200_000;
const stems = new Map<string, string>();

/** A folded word's Porter stem, as FTS5's porter tokenizer makes it. */
export function fts5Stem(word: string): string {
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
  return fts5Words(text).map(fts5Stem);
}

/** The words FTS5 tokenizes a text into, accents folded and lowercased, before stemming. */
export function fts5Words(text: string): string[] {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase().match(TOKEN) ?? [];
}
