export const DOCUMENT_STORE = Symbol('DOCUMENT_STORE');

export type Scalar = string | number | boolean | null;

export interface StoredDocument {
  id: string;
}

export type Where<T> = { [K in keyof T]?: T[K] extends Scalar ? T[K] : never };

export interface SortBy<T> {
  field: keyof T & string;
  direction: 'asc' | 'desc';
}

export interface FindOptions<T> {
  where?: Where<T>;
  sort?: SortBy<T>[];
  limit?: number;
  offset?: number;
}

export interface Collection<T extends StoredDocument> {
  /** Inserts a new document; rejects with DuplicateDocumentError when the id exists. */
  insert(doc: T): Promise<void>;
  /** Inserts or replaces the whole document. */
  put(doc: T): Promise<void>;
  get(id: string): Promise<T | null>;
  find(options?: FindOptions<T>): Promise<T[]>;
  count(where?: Where<T>): Promise<number>;
  /** Shallow-merges `patch` into the stored document; null when it does not exist. */
  update(id: string, patch: Partial<Omit<T, 'id'>>): Promise<T | null>;
  delete(id: string): Promise<boolean>;
  deleteMany(where: Where<T>): Promise<number>;
}

export interface CollectionOptions<T> {
  /** Fields that are filtered or sorted on often; adapters index them. */
  indexes?: (keyof T & string)[][];
}

export interface DocumentStore {
  collection<T extends StoredDocument>(name: string, options?: CollectionOptions<T>): Collection<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class DuplicateDocumentError extends Error {
  constructor(
    readonly collection: string,
    readonly id: string,
  ) {
    super(`document ${id} already exists in ${collection}`);
  }
}
