import type { IndexedChunk, ScoredId } from '../../chunks/chunk.js';
import { TASK_SECTIONS } from '../understand/word-lists.js';
import { wordTokens } from '../understand/query-text.js';

/** The words of a section heading that answer what the query asks to be done ('treatment': care, fluids, dose…). */
function answeringHeadings(query: string): Set<string> {
  const words = new Set(wordTokens(query));
  return new Set(TASK_SECTIONS.filter((group) => [...group.asked].some((word) => words.has(word))).flatMap((group) => [...group.headings]));
}

/**
 * Within each document, its chunks whose section heading answers what the query asks to be done
 * ("dengue fever treatment": Care at home, Intravenous fluids) take the first of the places the
 * document holds among the first `depth`; the documents keep their places, so the ranking of
 * documents does not change, only which of a document's passages come first.
 */
export function taskSectionsFirst(ranked: ScoredId[], chunks: ReadonlyMap<string, IndexedChunk>, query: string, depth: number): ScoredId[] {
  const headings = answeringHeadings(query);
  if (headings.size === 0) return ranked;
  const top = ranked.slice(0, depth);
  const documentOf = (hit: ScoredId) => chunks.get(hit.id)?.documentId ?? hit.id;
  const answers = (hit: ScoredId) => wordTokens(chunks.get(hit.id)?.section ?? '').some((word) => headings.has(word));
  const byDocument = new Map<string, ScoredId[]>();
  for (const hit of top) byDocument.set(documentOf(hit), [...(byDocument.get(documentOf(hit)) ?? []), hit]);
  const queues = new Map([...byDocument].map(([document, hits]) => [document, [...hits.filter(answers), ...hits.filter((hit) => !answers(hit))]]));
  return [...top.map((hit) => queues.get(documentOf(hit))!.shift()!), ...ranked.slice(depth)];
}
