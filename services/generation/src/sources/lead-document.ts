import type { Passage } from '@cairn/contracts';
import { leadIsAboutTheQuestion, onTopicSources } from '../generators/on-topic-sources.js';
import { MAX_SOURCES, toSources, type Source } from './source.js';

const sameDocument = (a: Passage, b: Passage) => a.title === b.title && a.organization === b.organization;

/**
 * The sources with those not about the question replaced by more passages of the document search
 * ranked first, when that document is about it: a lay question whose protocol search found ("son hit
 * head at football, now foggy and dizzy") is built from that protocol's other sections rather than
 * from the passages about something else that followed it. `more` finds passages for a text (the lead
 * document's title). The sources are unchanged when all are about the question or no more are found.
 */
export async function withLeadDocument(sources: Source[], stems: string[], more: (text: string) => Promise<Passage[]>): Promise<Source[]> {
  const lead = sources[0];
  if (!lead || !leadIsAboutTheQuestion(sources, stems)) return sources;
  const onTopic = onTopicSources(sources, stems);
  if (onTopic.size >= MAX_SOURCES) return sources;
  const known = new Set(sources.map((source) => source.text));
  const extra = (await more(lead.title)).filter((passage) => sameDocument(passage, lead) && !known.has(passage.text));
  if (extra.length === 0) return sources;
  return toSources([...sources.filter((source) => onTopic.has(source.id)), ...extra]);
}
