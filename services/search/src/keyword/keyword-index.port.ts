import type { DocumentFilter, IndexedChunk, ScoredId } from '../chunks/chunk.js';

export const KEYWORD_INDEX = Symbol('KEYWORD_INDEX');

/** BM25 weight of each text field, in every keyword index: title, disease and topics, section heading, body. */
export const COLUMN_WEIGHTS = { title: 2, disease: 2, section: 1, body: 1 };

/** The text of the weighted "disease" field: the chunk's disease and its topics. */
export const diseaseField = (chunk: IndexedChunk) => [chunk.disease, ...chunk.topics].join(' ');

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
  /**
   * For each query word the index does not hold, the indexed word (as the index stores it, e.g. a
   * stem) it was most likely meant to be. Adapters that correct inside the engine may omit it.
   */
  corrections?(words: string[]): Promise<Map<string, string>>;
  get(ids: string[]): Promise<IndexedChunk[]>;
  count(filter?: Partial<DocumentFilter>): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
