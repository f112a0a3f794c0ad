import type { DocumentFilter, IndexedChunk, ScoredId } from '../chunks/chunk.js';
import { RANKING_PROFILE } from '../ranking/ranking-profile.js';

export const KEYWORD_INDEX = Symbol('KEYWORD_INDEX');

/** BM25 weight of each text field, in every keyword index: title, disease and topics, section heading, body. */
export const COLUMN_WEIGHTS = RANKING_PROFILE.retrieve.keywordFieldWeights;

/** The text of the weighted "disease" field: the chunk's disease and its topics. */
export const diseaseField = (chunk: IndexedChunk) => [chunk.disease, ...chunk.topics].join(' ');

export interface ScanPage {
  chunks: IndexedChunk[];
  next: string | null;
}

export interface KeywordQuery {
  /** Distinct content words; a chunk matches when it contains any of them. */
  terms: string[];
  /** Words or phrases that mean what the query means (a vocabulary's synonyms), each scored at its weight of a query word. */
  alternatives?: { text: string; weight: number }[];
  /** Only chunks of these owners (`global` and/or user ids). */
  owners: string[];
  size: number;
  /**
   * Also match words within 1 edit (query words of 4–7 letters) or 2 (8 and more) of a query word the
   * index does not know, scored below an exact match.
   */
  typoTolerance?: boolean;
}

/** The index of every searchable chunk with its metadata, ranked by BM25. */
export interface KeywordIndex {
  upsert(chunks: IndexedChunk[]): Promise<void>;
  deleteDocuments(filter: DocumentFilter): Promise<number>;
  search(query: KeywordQuery): Promise<ScoredId[]>;
  /**
   * For each of the words that looks like a typo of a word held in the chunks of these owners (never
   * another user's), the word of 4 letters or more it most likely meant ('pred' is no typo of 'pre'; a
   * search with typo tolerance still matches such a word below an exact match).
   */
  corrections(words: string[], owners: string[]): Promise<Record<string, string>>;
  get(ids: string[]): Promise<IndexedChunk[]>;
  /**
   * Every chunk, whole documents at a time in document id order: about `limit` chunks of the documents
   * after `afterDocumentId`, and where the next page starts (null after the last).
   */
  scan(afterDocumentId: string | null, limit: number): Promise<ScanPage>;
  count(filter?: Partial<DocumentFilter>): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
