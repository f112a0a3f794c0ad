import type { Passage } from '@cairn/contracts';
import { tokenize } from '@cairn/rules';
import { aboutAnotherDisease } from '../generators/on-topic-sources.js';
import { isOneOf } from './complete-sources.js';
import type { Source } from './source.js';

/**
 * Passages search found that are none of the protocol's sources, each once, numbered after them; a
 * passage about a disease the protocol and the question do not name (`named`: their words) is left out,
 * whatever answers from them: a burns passage does not say how to clean a dog bite. Another passage of
 * a document the protocol cites (its citation titled by the document, or by document and section) is
 * about its subject, whatever that document's disease is called.
 */
export function foundSources(known: Source[], passages: Passage[], named: string[]): Source[] {
  let next = Math.max(0, ...known.map((source) => source.id)) + 1;
  const words = new Set(tokenize(named.join(' ')));
  const seen = new Set<string>();
  const citesItsDocument = (passage: Passage) =>
    known.some((source) => source.organization === passage.organization && (source.title === passage.title || source.title.startsWith(`${passage.title} — `)));
  return passages
    .filter((passage) => !isOneOf(passage, known) && !seen.has(passage.text) && Boolean(seen.add(passage.text)))
    .filter((passage) => citesItsDocument(passage) || !aboutAnotherDisease(passage, words, true))
    .map((passage) => ({ id: next++, ...passage }));
}
