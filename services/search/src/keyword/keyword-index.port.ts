import type { DocumentFilter, IndexedChunk, ScoredId } from '../chunks/chunk.js';

export const KEYWORD_INDEX = Symbol('KEYWORD_INDEX');

export interface KeywordQuery {
  /** Distinct content words; a chunk matches when it contains any of them. */
  terms: string[];
  /** Only chunks of these owners (`global` and/or user ids). */
  owners: string[];
  size: number;
}

/** The index of every searchable chunk with its metadata, ranked by BM25. */
export interface KeywordIndex {
  upsert(chunks: IndexedChunk[]): Promise<void>;
  deleteDocuments(filter: DocumentFilter): Promise<number>;
  search(query: KeywordQuery): Promise<ScoredId[]>;
  get(ids: string[]): Promise<IndexedChunk[]>;
  count(filter?: Partial<DocumentFilter>): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
