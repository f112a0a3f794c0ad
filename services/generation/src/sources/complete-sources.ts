import type { Passage } from '@cairn/contracts';
import type { Source } from './source.js';

const plain = (text: string) => text.replace(/^[\s\-•*]+/gm, '').replace(/\s+/g, ' ').trim().toLowerCase();
/** Where an excerpt was cut short ("…" at its end). */
const CUT = /(\.\.\.|…)\s*$/;
/** The text an excerpt keeps before the cut, to find the passage it was cut from. */
const keptPart = (excerpt: string) => plain(excerpt.replace(CUT, '')).slice(0, 160);

/**
 * Sources the client sent as excerpts (cut at 240 characters) with their whole passage, when search
 * found the passage they were cut from; other sources as they came.
 */
export function withWholePassages(sources: Source[], passages: Passage[]): Source[] {
  return sources.map((source) => {
    const kept = keptPart(source.text);
    const whole = kept.length >= 40 ? passages.find((passage) => plain(passage.text).startsWith(kept)) : undefined;
    return whole ? { ...source, text: whole.text, section: source.section || whole.section } : source;
  });
}

/** Excerpts cut short whose whole passage is looked for, at most (a protocol cites up to six sources). */
const MAX_COMPLETED = 6;

/**
 * The passages the sources cut short were cut from, where none of these passages completes them:
 * searched for by the text each keeps before its cut, so that a step citing one can be quoted whole.
 */
export async function passagesCutFrom(sources: Source[], passages: Passage[], search: (kept: string) => Promise<Passage[]>): Promise<Passage[]> {
  const kept = withWholePassages(sources, passages)
    .filter((source) => CUT.test(source.text) && keptPart(source.text).length >= 40)
    .slice(0, MAX_COMPLETED)
    .map((source) => source.text.replace(CUT, '').replace(/\s+/g, ' ').trim());
  return (await Promise.all(kept.map(search))).flat();
}

/** Whether search's passage is one of these sources (so it brings nothing new). */
export const isOneOf = (passage: Passage, sources: Source[]) => sources.some((source) => plain(passage.text).startsWith(keptPart(source.text)) || plain(source.text).startsWith(plain(passage.text).slice(0, 160)));
