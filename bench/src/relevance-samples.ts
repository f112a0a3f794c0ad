import type { RelevanceSignals, SearchService } from '@cairn/search';
import { loadClinicalQueries, type Half } from './clinical-queries.js';
import { clinicalQueriesFile } from './clinical-retrieval.js';
import type { NfCorpus } from './datasets.js';
import { collectionHalf, type TestCollection } from './test-collections.js';

/** What one search's top hit was, as the relevance scale must read it. */
export type Outcome = 'relevant' | 'wrong' | 'nothing-in-scope';

/** One search: which check it belongs to, what its top hit was, and what the relevance model reads of it. */
export interface RelevanceSample {
  check: string;
  query: string;
  top: string;
  style: 'clinical query' | 'question';
  outcome: Outcome;
  signals: RelevanceSignals;
}

/** A scope to search, and how a top hit's document is judged: true relevant, false not, null unknown. */
export interface JudgedScope {
  search: SearchService;
  owners: string[];
  judge: (query: JudgedQuery, top: { documentId: string; title: string }) => boolean | null;
}

export interface JudgedQuery {
  text: string;
  relevant: ReadonlySet<string>;
}

async function topOf(scope: JudgedScope, query: JudgedQuery) {
  const { hits } = await scope.search.explain({ query: query.text, size: 1, owners: scope.owners, mode: 'hybrid', enhance: true, correctTypos: true });
  return hits[0] ?? null;
}

/** The searches of a set of queries in one scope where the right document may be, and in one where nothing relevant is. */
export async function samplesOf(
  check: string,
  style: RelevanceSample['style'],
  queries: JudgedQuery[],
  answering: JudgedScope,
  unrelated: JudgedScope | null,
): Promise<RelevanceSample[]> {
  const samples: RelevanceSample[] = [];
  for (const query of queries) {
    const top = await topOf(answering, query);
    const verdict = top ? answering.judge(query, top.chunk) : null;
    if (top && verdict !== null) samples.push({ check, query: query.text, top: top.chunk.title, style, outcome: verdict ? 'relevant' : 'wrong', signals: top.signals });
    const stray = unrelated && (await topOf(unrelated, query));
    if (stray) samples.push({ check: `${check}, nothing relevant in scope`, query: query.text, top: stray.chunk.title, style, outcome: 'nothing-in-scope', signals: stray.signals });
  }
  return samples;
}

/** The clinical queries of a half (with the extra tune-only ones for tune), the starter documents judged fully relevant. */
export function clinicalQueries(half: Half): JudgedQuery[] {
  const frozen = loadClinicalQueries(clinicalQueriesFile(half)).filter((query) => query.half === half);
  const extra = half === 'tune' ? loadClinicalQueries(clinicalQueriesFile('extra tune')) : [];
  return [...frozen, ...extra].map((query) => ({
    text: query.query,
    relevant: new Set(Object.entries(query.relevant).filter(([, grade]) => grade === 2).map(([id]) => id)),
  }));
}

/** A starter chunk's document is judged when the query judges any starter document; a grade 1 document is neither. */
export function judgeStarter(queries: Map<string, Record<string, number>>) {
  return (query: JudgedQuery, top: { documentId: string }) => {
    const grade = queries.get(query.text)?.[top.documentId];
    return grade === 2 ? true : grade === 1 ? null : false;
  };
}

/** NFCorpus queries of a split (dev to tune, test to report) with their judged documents. */
export function nfCorpusQueries(corpus: NfCorpus, split: 'dev' | 'test'): JudgedQuery[] {
  return [...corpus.qrels[split]].map(([id, graded]) => ({
    text: corpus.queries.get(id) ?? '',
    relevant: new Set([...graded].filter(([, grade]) => grade > 0).map(([document]) => document)),
  }));
}

/** A held-out collection's queries of one half with their judged documents. */
export function collectionQueries(collection: TestCollection, half: Half): JudgedQuery[] {
  return [...collectionHalf(collection.qrels, half)].map(([id, graded]) => ({
    text: collection.queries.get(id) ?? '',
    relevant: new Set([...graded].filter(([, grade]) => grade > 0).map(([document]) => document)),
  }));
}
