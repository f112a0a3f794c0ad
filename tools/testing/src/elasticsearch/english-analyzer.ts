import { porterStem } from '@cairn/rules';

/** Lucene's English stop words, which Elasticsearch's `english` analyzer removes. */
const ENGLISH_STOP_WORDS = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(' '),
);

/** Letters and digits, kept together across inner apostrophes, dots and underscores (roughly UAX #29). */
const WORD = /[\p{L}\p{N}_]+(?:['’.][\p{L}\p{N}_]+)*/gu;

export type AnalyzerName = 'english' | 'standard';

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
