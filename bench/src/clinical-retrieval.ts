import { resolve } from 'node:path';
import {
  ChunkWriter,
  chunkDocument,
  readCorpusFiles,
  RelevanceScorer,
  SearchService,
  SqliteKeywordIndex,
  SqliteVectorIndex,
  starterDocument,
  type Embedder,
  type SearchResult,
} from '@cairn/search';
import { loadClinicalQueries, type ClinicalQuery, type Half } from './clinical-queries.js';
import { repoRoot } from './datasets.js';
import { mean, ndcgAt, recallAt } from './metrics.js';

/** How deep each search goes: enough chunks to rank every judged document. */
const SEARCH_DEPTH = 50;

export interface ClinicalConfiguration {
  label: string;
  run: (search: SearchService, query: string) => Promise<SearchResult>;
}

export interface ClinicalFigures {
  label: string;
  queries: number;
  top1: number;
  ndcg10: number;
  recall8: number;
  misses: { query: ClinicalQuery; top: string; correctedQuery?: string }[];
}

/** The distinct documents of a ranked list of chunks, in order of their best chunk. */
export function documentRanking(chunkIds: string[]): string[] {
  return [...new Set(chunkIds.map((id) => id.split('#')[0]))];
}

/** Top-1 (the first document fully relevant), nDCG@10 (gain = grade) and Recall@8 over distinct documents. */
export function judge(ranked: string[], relevant: Record<string, number>): { top1: number; ndcg10: number; recall8: number } {
  const judgements = new Map(Object.entries(relevant));
  return { top1: relevant[ranked[0]] === 2 ? 1 : 0, ndcg10: ndcgAt(ranked, judgements, 10), recall8: recallAt(ranked, judgements, 8) };
}

/** The starter corpus in fresh in-memory indexes, searched through the same SearchService the API uses. */
export async function starterSearch(embedder: Embedder | null): Promise<{ search: SearchService; close: () => Promise<void> }> {
  const keywords = new SqliteKeywordIndex(':memory:');
  const vectors = new SqliteVectorIndex(':memory:');
  const files = await readCorpusFiles(resolve(repoRoot, 'services/search/corpus'));
  await new ChunkWriter(keywords, vectors, embedder).write(files.flatMap((file) => chunkDocument(starterDocument(file))));
  return {
    search: new SearchService(keywords, vectors, embedder, new RelevanceScorer()),
    close: async () => {
      await Promise.all([keywords.close(), vectors.close()]);
    },
  };
}

/** The frozen set's half, or the extra tune-only queries written after it. */
export type ClinicalQuerySet = Half | 'extra tune';

export const clinicalQueriesFile = (set: ClinicalQuerySet) =>
  resolve(repoRoot, set === 'extra tune' ? 'bench/data/clinical-queries-tune-extra.json' : 'bench/data/clinical-queries.json');

export async function evaluateClinicalQueries(search: SearchService, set: ClinicalQuerySet, configurations: ClinicalConfiguration[]): Promise<ClinicalFigures[]> {
  const queries = loadClinicalQueries(clinicalQueriesFile(set)).filter((query) => set === 'extra tune' || query.half === set);
  const figures: ClinicalFigures[] = [];
  for (const configuration of configurations) {
    const scores: { top1: number; ndcg10: number; recall8: number }[] = [];
    const misses: ClinicalFigures['misses'] = [];
    for (const query of queries) {
      const result = await configuration.run(search, query.query);
      const ranked = documentRanking(result.hits.map((hit) => hit.id));
      const score = judge(ranked, query.relevant);
      scores.push(score);
      if (score.top1 === 0) misses.push({ query, top: ranked[0] ?? '(nothing)', correctedQuery: result.corrected_query });
    }
    figures.push({
      label: configuration.label,
      queries: queries.length,
      top1: mean(scores.map((score) => score.top1)),
      ndcg10: mean(scores.map((score) => score.ndcg10)),
      recall8: mean(scores.map((score) => score.recall8)),
      misses,
    });
  }
  return figures;
}

export const searchOptions = { size: SEARCH_DEPTH, owners: ['global'] };
