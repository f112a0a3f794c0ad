import { Inject, Injectable, Optional } from '@nestjs/common';
import type { IndexedChunk, ScoredId } from '../chunks/chunk.js';
import { EMBEDDER, type Embedder } from '../embedding/embedder.port.js';
import { KEYWORD_INDEX, type KeywordIndex } from '../keyword/keyword-index.port.js';
import { DEFAULT_FUSION, fuseRankings, FUSION_SETTINGS, type FusionSettings } from '../ranking/fuse/hybrid-fusion.js';
import { withPreferences } from '../ranking/prefer/preferences.js';
import { PREFERENCE_DEPTH, searchPreferences } from '../ranking/prefer/search-preferences.js';
import { taskSectionsFirst } from '../ranking/prefer/task-sections.js';
import { retrieveRankings, type RetrievalMode } from '../ranking/retrieve/retrieval.js';
import { RelevanceScorer } from '../ranking/score/relevance.js';
import type { RelevanceSignals } from '../ranking/score/relevance-signals.js';
import { vectorSimilarities } from '../ranking/score/vector-similarities.js';
import { readQuery } from '../ranking/understand/query-reading.js';
import { VECTOR_INDEX, type VectorIndex } from '../vector/vector-index.port.js';
import { toHit, type SearchHit } from './search-hit.js';

export type { RetrievalMode };

export interface SearchRequest {
  query: string;
  size: number;
  owners: string[];
  mode: RetrievalMode;
  enhance: boolean;
  /** Search words within one or two edits of a query word the index does not know (see KeywordQuery.typoTolerance). */
  correctTypos?: boolean;
}

export interface SearchResult {
  /** What was searched when typos in the query were corrected ('dengue fever treatment' for 'denge fevr treatment'). */
  corrected_query?: string;
  total: number;
  took_ms: number;
  hits: SearchHit[];
}

interface RankedHit {
  hit: ScoredId;
  chunk: IndexedChunk;
  vectorSimilarity: number | null;
}

@Injectable()
export class SearchService {
  constructor(
    @Inject(KEYWORD_INDEX) private readonly keywords: KeywordIndex,
    @Inject(VECTOR_INDEX) private readonly vectors: VectorIndex,
    @Inject(EMBEDDER) private readonly embedder: Embedder | null,
    private readonly relevance: RelevanceScorer,
    @Optional() @Inject(FUSION_SETTINGS) private readonly fusion: FusionSettings = DEFAULT_FUSION,
  ) {}

  async search(request: SearchRequest): Promise<SearchResult> {
    const started = performance.now();
    if (request.owners.length === 0) return { total: 0, took_ms: 0, hits: [] };
    const { searched, total, top } = await this.rank(request);
    const concepts = this.relevance.concepts(searched);
    const modelId = this.embedder?.modelId ?? null;
    const hits = top.map(({ hit, chunk, vectorSimilarity }) => toHit(hit, chunk, this.relevance.score(concepts, chunk, vectorSimilarity, modelId)));
    const took_ms = Math.round((performance.now() - started) * 100) / 100;
    return { ...(searched !== request.query && { corrected_query: searched }), total, took_ms, hits };
  }

  /** The ranked hits with what the relevance model reads of each (for calibrating it). */
  async explain(request: SearchRequest): Promise<{ searched: string; hits: { chunk: IndexedChunk; signals: RelevanceSignals }[] }> {
    const { searched, top } = await this.rank(request);
    const concepts = this.relevance.concepts(searched);
    return { searched, hits: top.map(({ chunk, vectorSimilarity }) => ({ chunk, signals: this.relevance.signals(concepts, chunk, vectorSimilarity) })) };
  }

  private async rank(request: SearchRequest): Promise<{ searched: string; total: number; top: RankedHit[] }> {
    const reading = await readQuery(request, this.keywords);
    const mode = this.embedder ? request.mode : 'keyword';
    const indexes = { keywords: this.keywords, vectors: this.vectors, embedder: this.embedder };
    const rankings = await retrieveRankings(indexes, { reading, mode, owners: request.owners, size: request.size, typoTolerance: request.correctTypos });
    const fused =
      mode === 'hybrid'
        ? fuseRankings(rankings.keyword, rankings.vector, this.embedder?.queryCoverage?.(reading.text) ?? 1, this.fusion)
        : mode === 'vector'
          ? rankings.vector
          : rankings.keyword;
    const chunks = new Map<string, IndexedChunk>();
    const candidates = await this.chunksOf(fused.slice(0, Math.max(PREFERENCE_DEPTH, request.size)), chunks);
    const preferred = withPreferences(fused, searchPreferences(candidates, reading.searched, this.relevance));
    const ranked = taskSectionsFirst(preferred, chunks, reading.searched, PREFERENCE_DEPTH);
    const top = ranked.slice(0, request.size);
    await this.chunksOf(top, chunks);
    const similarity = vectorSimilarities(rankings.vector);
    const hits = top.flatMap((hit) => {
      const chunk = chunks.get(hit.id);
      return chunk ? [{ hit, chunk, vectorSimilarity: similarity(hit.id) }] : [];
    });
    return { searched: reading.searched, total: ranked.length, top: hits };
  }

  /** The chunks of these hits, in their order, read once into `known`. */
  private async chunksOf(hits: ScoredId[], known: Map<string, IndexedChunk>): Promise<IndexedChunk[]> {
    const missing = hits.map((hit) => hit.id).filter((id) => !known.has(id));
    for (const chunk of await this.keywords.get(missing)) known.set(chunk.id, chunk);
    return hits.flatMap((hit) => known.get(hit.id) ?? []);
  }
}
