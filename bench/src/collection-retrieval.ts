import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ChunkWriter,
  RelevanceScorer,
  SearchService,
  SqliteKeywordIndex,
  SqliteVectorIndex,
  DEFAULT_FUSION,
  type Embedder,
  type FusionSettings,
  type IndexedChunk,
  type RetrievalMode,
} from '@cairn/search';
import { mean, ndcgAt, recallAt } from './metrics.js';
import { ReferenceBm25 } from './reference-bm25.js';
import type { TestCollection } from './test-collections.js';

export const RUN_DEPTH = 100;

export interface RetrievalConfiguration {
  label: string;
  mode: RetrievalMode;
  enhance: boolean;
  correctTypos?: boolean;
}

export interface RetrievalFigures {
  label: string;
  ndcg10: number;
  recall100: number;
  p1: number;
  queries: number;
}

export type Judgements = Map<string, Map<string, number>>;

/** A collection in a fresh SQLite index, searched through the same SearchService the API uses. */
export async function indexCollection(collection: Pick<TestCollection, 'documents'>, embedder: Embedder | null, organization: string) {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-bench-retrieval-'));
  const keywords = new SqliteKeywordIndex(join(dir, 'index.sqlite'));
  const vectors = new SqliteVectorIndex(join(dir, 'index.sqlite'));
  const chunks: IndexedChunk[] = collection.documents.map((document) => ({
    id: document.id,
    documentId: document.id,
    owner: 'global',
    source: 'ingested',
    title: document.title,
    organization,
    region: '',
    year: null,
    disease: '',
    topics: [],
    section: '',
    body: document.text,
    sourceUrl: '',
  }));
  const started = Date.now();
  await new ChunkWriter(keywords, vectors, embedder).write(chunks);
  const indexSeconds = (Date.now() - started) / 1000;
  const searchWith = (fusion: FusionSettings) => new SearchService(keywords, vectors, embedder, new RelevanceScorer(), fusion);
  const search = searchWith(DEFAULT_FUSION);
  const close = async () => {
    await keywords.close();
    await vectors.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { search, searchWith, indexSeconds, close };
}

/** nDCG@10 (gain = grade), Recall@100 and P@1 (first document judged relevant) of one ranking per query. */
export function figuresOf(label: string, rankings: Map<string, string[]>, judgements: Judgements): RetrievalFigures {
  const ndcg: number[] = [];
  const recall: number[] = [];
  const first: number[] = [];
  for (const [queryId, graded] of judgements) {
    const ranked = rankings.get(queryId) ?? [];
    ndcg.push(ndcgAt(ranked, graded, 10));
    recall.push(recallAt(ranked, graded, RUN_DEPTH));
    first.push((graded.get(ranked[0]) ?? 0) > 0 ? 1 : 0);
  }
  return { label, ndcg10: mean(ndcg), recall100: mean(recall), p1: mean(first), queries: ndcg.length };
}

export async function rankWithCairn(
  search: SearchService,
  queries: Map<string, string>,
  judgements: Judgements,
  configuration: RetrievalConfiguration,
): Promise<Map<string, { id: string; score: number }[]>> {
  const rankings = new Map<string, { id: string; score: number }[]>();
  for (const queryId of judgements.keys()) {
    const result = await search.search({
      query: queries.get(queryId) ?? '',
      size: RUN_DEPTH,
      owners: ['global'],
      mode: configuration.mode,
      enhance: configuration.enhance,
      correctTypos: configuration.correctTypos,
    });
    rankings.set(queryId, result.hits.map((hit) => ({ id: hit.id, score: hit.fusion_score })));
  }
  return rankings;
}

export const idsOnly = (rankings: Map<string, { id: string }[]>) => new Map([...rankings].map(([id, hits]) => [id, hits.map((hit) => hit.id)]));

export function referenceBm25Figures(collection: TestCollection, judgements: Judgements): RetrievalFigures {
  const bm25 = new ReferenceBm25(collection.documents.map((document) => ({ id: document.id, text: `${document.title} ${document.text}` })));
  const rankings = new Map([...judgements.keys()].map((queryId) => [queryId, bm25.search(collection.queries.get(queryId) ?? '', RUN_DEPTH)]));
  return figuresOf('reference BM25', rankings, judgements);
}
