import type { Passage } from '@cairn/contracts';
import { leadIsAboutTheQuestion, leadTextSaysTheQuestion, onTopicSources } from '../generators/on-topic-sources.js';
import { toSources, type Source } from './source.js';

/** A title that names no document ('Source 2', given to a plain-text snippet). */
const PLACEHOLDER_TITLE = /^Source \d+$/;
const sameDocument = (a: Passage, b: Passage) => a.title === b.title && a.organization === b.organization;

/**
 * The sources with those not about the question replaced by more passages of the document search
 * ranked first, when that document is about it, or when its first passage says a good part of the
 * question and no other document's passage is about it: a lay question whose protocol search found ("son
 * hit head at football, now foggy and dizzy") is built from that protocol's other sections rather than
 * from the passages about something else that followed it. `more` finds passages for a text (the lead
 * document's title); their relevance, read against the title rather than the question, is dropped.
 * The lead always stays. The sources are unchanged when all are about the question, when the lead
 * names no document, or when no more of it is found.
 */
export async function withLeadDocument(sources: Source[], stems: string[], more: (text: string) => Promise<Passage[]>): Promise<Source[]> {
  const lead = sources[0];
  if (!lead || PLACEHOLDER_TITLE.test(lead.title)) return sources;
  const onTopic = onTopicSources(sources, stems);
  if (sources.every((source) => onTopic.has(source.id))) return sources;
  const aloneOnTopic = sources.every((source) => sameDocument(source, lead) || !onTopic.has(source.id));
  if (!leadIsAboutTheQuestion(sources, stems) && !(aloneOnTopic && leadTextSaysTheQuestion(sources, stems))) return sources;
  const known = new Set(sources.map((source) => source.text));
  const extra = (await more(lead.title))
    .filter((passage) => sameDocument(passage, lead) && !known.has(passage.text))
    .map(({ relevance: _relevance, ...passage }) => passage);
  if (extra.length === 0) return sources;
  return toSources([lead, ...sources.filter((source) => source !== lead && onTopic.has(source.id)), ...extra]);
}
