import type { ScoredId } from '../../chunks/chunk.js';
import type { Embedder } from '../../embedding/embedder.port.js';
import type { KeywordIndex } from '../../keyword/keyword-index.port.js';
import type { VectorIndex } from '../../vector/vector-index.port.js';
import { RANKING_PROFILE } from '../ranking-profile.js';
import type { QueryReading } from '../understand/query-reading.js';
import { queryTerms } from '../understand/query-text.js';

/** Which rankings a search uses: BM25 only, vectors only (benchmarks), or both fused. */
export type RetrievalMode = 'keyword' | 'vector' | 'hybrid';

const { candidatesPerResult, minCandidates } = RANKING_PROFILE.retrieve;

/** How deep each ranking goes before fusion. */
export const candidateDepth = (size: number) => Math.max(candidatesPerResult * size, minCandidates);

export interface RetrievalIndexes {
  keywords: KeywordIndex;
  vectors: VectorIndex;
  embedder: Embedder | null;
}

export interface Retrieval {
  reading: QueryReading;
  /** The rankings asked for; vector and hybrid need an embedder. */
  mode: RetrievalMode;
  owners: string[];
  size: number;
  typoTolerance?: boolean;
}

/** The keyword and vector rankings of a query, each candidateDepth deep; empty for a ranking the mode leaves out. */
export interface Rankings {
  keyword: ScoredId[];
  vector: ScoredId[];
}

/**
 * Asks the vector index for the embedded text and the keyword index for BM25's words, as deep as the
 * page needs; a query the embedder reads as nothing (all zeros) has no vector ranking.
 */
export async function retrieveRankings(indexes: RetrievalIndexes, { reading, mode, owners, size, typoTolerance }: Retrieval): Promise<Rankings> {
  const depth = candidateDepth(size);
  const vector = mode !== 'keyword' ? await indexes.embedder!.embedQuery(reading.text) : null;
  // Started first: an index on a worker thread scores vectors while BM25 ranks on this one.
  const vectorSearch = vector?.some((value) => value !== 0) ? indexes.vectors.search({ vector, owners, size: depth }) : [];
  const [vectorHits, keywordHits] = await Promise.all([
    vectorSearch,
    mode !== 'vector' ? indexes.keywords.search({ terms: queryTerms(reading.keywordText), alternatives: reading.alternatives, owners, size: depth, typoTolerance }) : [],
  ]);
  return { keyword: keywordHits, vector: vectorHits };
}
