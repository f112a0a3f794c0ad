import type { DocumentFilter, ScoredId } from '../chunks/chunk.js';
import type { ChunkSource } from '../chunks/chunk.js';

export const VECTOR_INDEX = Symbol('VECTOR_INDEX');

export interface VectorRecord {
  id: string;
  owner: string;
  documentId: string;
  source: ChunkSource;
  /** L2-normalised embedding. */
  vector: Float32Array;
}

export interface VectorQuery {
  vector: Float32Array;
  owners: string[];
  size: number;
}

/** Nearest chunks by cosine similarity, filtered by owner. */
export interface VectorIndex {
  upsert(records: VectorRecord[]): Promise<void>;
  deleteDocuments(filter: DocumentFilter): Promise<number>;
  search(query: VectorQuery): Promise<ScoredId[]>;
  count(filter?: Partial<DocumentFilter>): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
