import { Inject, Injectable } from '@nestjs/common';
import { ownerForDisplay, type IndexedChunk, type ScoredId } from '../chunks/chunk.js';
import { EMBEDDER, type Embedder } from '../embedding/embedder.port.js';
import { reciprocalRankFusion, RRF_K, vectorWeight } from '../fusion/rrf.js';
import { KEYWORD_INDEX, type KeywordIndex } from '../keyword/keyword-index.port.js';
import { enhanceQuery } from '../query/query-enhancer.js';
import { fts5Tokens } from '../keyword/fts5-tokens.js';
import { queryTerms, wordTokens } from '../query/query-text.js';
import { RelevanceScorer } from '../relevance/relevance.js';
import { VECTOR_INDEX, type VectorIndex } from '../vector/vector-index.port.js';

/** Which rankings a search uses: BM25 only, vectors only (benchmarks), or both fused. */
export type RetrievalMode = 'keyword' | 'vector' | 'hybrid';

export interface SearchRequest {
  query: string;
  size: number;
  owners: string[];
  mode: RetrievalMode;
  enhance: boolean;
}

export interface SearchHit {
  id: string;
  /** Spec §7 `score`: 0–10 relevance on a calibrated scale; 6 or more means the hit is about the query. */
  score: number;
  /** What ranked the hit: reciprocal rank fusion of the keyword and vector rankings (BM25 alone when not hybrid). */
  fusion_score: number;
  source: {
    title: string;
    organization: string;
    region: string;
    year: number | null;
    disease: string;
    section: string;
    body: string;
    source_url: string;
    owner: string;
  };
}

export interface SearchResult {
  total: number;
  took_ms: number;
  hits: SearchHit[];
  /** What was searched, when words of the query were read as others ('denge fevr' → 'dengue fever'). */
  corrected_query?: string;
}

/** How deep each ranking goes before fusion. */
export const candidateDepth = (size: number) => Math.max(2 * size, 50);

@Injectable()
export class SearchService {
  constructor(
    @Inject(KEYWORD_INDEX) private readonly keywords: KeywordIndex,
    @Inject(VECTOR_INDEX) private readonly vectors: VectorIndex,
    @Inject(EMBEDDER) private readonly embedder: Embedder | null,
    private readonly relevance: RelevanceScorer,
  ) {}

  async search(request: SearchRequest): Promise<SearchResult> {
    const started = performance.now();
    const corrections = (await this.keywords.corrections?.(queryTerms(request.query))) ?? new Map<string, string>();
    const meant = withCorrections(request.query, corrections);
    const text = request.enhance ? enhanceQuery(request.query).text : request.query;
    const embedded = request.enhance ? enhanceQuery(meant).text : meant;
    const depth = candidateDepth(request.size);
    const mode = this.embedder ? request.mode : 'keyword';
    const vector = mode !== 'keyword' ? await this.embedder!.embedQuery(embedded) : null;
    // Started first: an index on a worker thread scores vectors while BM25 ranks on this one.
    const vectorSearch = vector?.some((value) => value !== 0) ? this.vectors.search({ vector, owners: request.owners, size: depth }) : [];
    const [vectorHits, keywordHits] = await Promise.all([
      vectorSearch,
      mode !== 'vector' ? this.keywords.search({ terms: queryTerms(text), owners: request.owners, size: depth }) : [],
    ]);
    const ranked =
      mode === 'hybrid'
        ? reciprocalRankFusion([keywordHits, vectorHits], RRF_K, [1, vectorWeight(this.embedder?.queryCoverage?.(embedded) ?? 1)])
        : mode === 'vector'
          ? vectorHits
          : keywordHits;
    const top = ranked.slice(0, request.size);
    const chunks = new Map((await this.keywords.get(top.map((hit) => hit.id))).map((chunk) => [chunk.id, chunk]));
    const concepts = this.relevance.concepts(meant);
    const hits = top.flatMap((hit) => {
      const chunk = chunks.get(hit.id);
      return chunk ? [toHit(hit, chunk, this.relevance.score(concepts, chunk))] : [];
    });
    const result: SearchResult = { total: ranked.length, took_ms: Math.round((performance.now() - started) * 100) / 100, hits };
    if (corrections.size > 0) result.corrected_query = withCorrections(request.query, surfaceWords(corrections, [...chunks.values()]));
    return result;
  }
}

/** The query with each corrected word replaced, case aside. */
function withCorrections(query: string, corrections: Map<string, string>): string {
  if (corrections.size === 0) return query;
  return query.replace(/[\p{L}\p{N}]+/gu, (word) => corrections.get(word.toLowerCase()) ?? word);
}

/** Each correction as the documents write it ('dengu' → 'dengue'), taken from the chunks found. */
function surfaceWords(corrections: Map<string, string>, chunks: IndexedChunk[]): Map<string, string> {
  const wanted = new Map([...corrections].map(([word, indexed]) => [indexed, word]));
  const found = new Map<string, string>();
  for (const chunk of chunks) {
    for (const token of wordTokens(`${chunk.title} ${chunk.disease} ${chunk.body}`)) {
      const [indexed] = fts5Tokens(token);
      const word = indexed && wanted.get(indexed);
      if (word && !found.has(word)) found.set(word, token);
    }
    if (found.size === wanted.size) break;
  }
  return new Map([...corrections].map(([word, indexed]) => [word, found.get(word) ?? indexed]));
}

function toHit(hit: ScoredId, chunk: IndexedChunk, relevance: number): SearchHit {
  return {
    id: chunk.id,
    score: relevance,
    fusion_score: hit.score,
    source: {
      title: chunk.title,
      organization: chunk.organization,
      region: chunk.region,
      year: chunk.year,
      disease: chunk.disease,
      section: chunk.section,
      body: chunk.body,
      source_url: chunk.sourceUrl,
      owner: ownerForDisplay(chunk.owner),
    },
  };
}
