import type { Passage } from '@cairn/contracts';
import type { Source } from './source.js';

const plain = (text: string) => text.replace(/^[\s\-•*]+/gm, '').replace(/\s+/g, ' ').trim().toLowerCase();
/** The text an excerpt keeps before the cut ("…"), to find the passage it was cut from. */
const keptPart = (excerpt: string) => plain(excerpt.replace(/(\.\.\.|…)\s*$/, '')).slice(0, 160);

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

/** Whether an excerpt was cut short ("…" at its end). */
const isCut = (text: string) => /(\.\.\.|…)\s*$/.test(text.trim());

/**
 * What each source cut short that none of these passages completes keeps before its cut: a query
 * that finds the passage it was cut from, so that a step citing it can be quoted whole.
 */
export function stillCut(sources: Source[], passages: Passage[]): string[] {
  return withWholePassages(sources, passages)
    .filter((source) => isCut(source.text) && keptPart(source.text).length >= 40)
    .map((source) => source.text.replace(/(\.\.\.|…)\s*$/, '').replace(/\s+/g, ' ').trim());
}

/** Whether search's passage is one of these sources (so it brings nothing new). */
export const isOneOf = (passage: Passage, sources: Source[]) => sources.some((source) => plain(passage.text).startsWith(keptPart(source.text)) || plain(source.text).startsWith(plain(passage.text).slice(0, 160)));
