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

/** A publisher's notice, not advice ('Copyright © 2013 Elsevier Inc.', 'All rights reserved.'), and one run onto a sentence's end. */
const BOILERPLATE = /^(?:copyright\b|©|\(c\)\s*\d{4}|all rights reserved|doi:)|\ball rights reserved\b/i;
const TRAILING_NOTICE = /\s+(?:©|copyright\b).*$/i;
const LABELS = 'Background|Objectives?|Aims?|Purpose|Introduction|Context|(?:Materials and )?Methods|Design|Setting|Participants|Interventions|Measurements|Results|Findings|Conclusions?|Interpretation';
/**
 * A structured abstract's label before its first sentence: with a colon ('Conclusion: The results…'), in
 * capitals ('METHODS We…'), or one of the commonest before a word of prose ('Methods We purchased…', not
 * 'Results CT within…').
 */
const ABSTRACT_LABEL = [
  new RegExp(`^(?:${LABELS})\\s*:\\s*`, 'i'),
  new RegExp(`^(?:${LABELS.toUpperCase()})\\s+(?=[A-Z])`),
  /^(?:Background|Objectives?|Methods|Results|Conclusions?)\s+(?=[A-Z][a-z]+\s)/,
];
const withoutLabel = (text: string) => ABSTRACT_LABEL.reduce((rest, label) => rest.replace(label, ''), text);

/** Splits a source into sentences: per line (bullets stripped), then at sentence ends; a publisher's notice is no sentence of it, and an abstract's label is no part of one. */
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
  return sentences
    .map((sentence) => ({ ...sentence, text: withoutLabel(sentence.text).replace(TRAILING_NOTICE, '') }))
    .filter((sentence) => sentence.text.length >= 12 && !BOILERPLATE.test(sentence.text));
}
