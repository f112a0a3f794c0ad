import type { Source } from './source.js';

export interface SourceSentence {
  text: string;
  sourceId: number;
  /** Order within the source. */
  position: number;
  /** Comes from a bulleted or numbered line of the source. */
  listItem?: boolean;
}

const ABBREVIATIONS = /\b(e\.g|i\.e|etc|approx|vs|dr|mr|mrs|ms|no|fig|min|max|incl|st)\.$/i;

const BULLET = /^\s*(?:[-*•●▪]|\d{1,2}[.)])\s+/;

/** Splits a source into sentences: per line (bullets stripped), then at sentence ends. */
export function sentencesOf(source: Source): SourceSentence[] {
  const sentences: SourceSentence[] = [];
  for (const line of source.text.split(/\r?\n/)) {
    const clean = line.replace(BULLET, '').trim();
    if (!clean) continue;
    const listItem = BULLET.test(line) ? { listItem: true } : {};
    let current = '';
    for (const piece of clean.split(/(?<=[.!?])\s+(?=["'(]?[A-Z0-9])/)) {
      current = current ? `${current} ${piece}` : piece;
      if (!ABBREVIATIONS.test(current)) {
        sentences.push({ text: current, sourceId: source.id, position: sentences.length, ...listItem });
        current = '';
      }
    }
    if (current) sentences.push({ text: current, sourceId: source.id, position: sentences.length, ...listItem });
  }
  return sentences.filter((sentence) => sentence.text.length >= 12);
}
