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
  /** Documents equal on every sort field come by id ascending, so pages by `offset` never repeat or skip one. */
  sort?: SortBy<T>[];
  limit?: number;
  /** How many documents of the sorted result to skip, done by the store. */
  offset?: number;
}

export interface Collection<T extends StoredDocument> {
  readonly name: string;
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

/** One write of a batch that `DocumentStore.commit` applies atomically; build it with `write`. */
export type DocumentWrite =
  | { collection: string; kind: 'insert'; doc: StoredDocument }
  | { collection: string; kind: 'put'; doc: StoredDocument }
  | { collection: string; kind: 'update'; id: string; patch: Record<string, unknown> }
  | { collection: string; kind: 'delete'; id: string };

export const write = {
  insert: <T extends StoredDocument>(collection: Collection<T>, doc: T): DocumentWrite => ({ collection: collection.name, kind: 'insert', doc }),
  put: <T extends StoredDocument>(collection: Collection<T>, doc: T): DocumentWrite => ({ collection: collection.name, kind: 'put', doc }),
  /** Shallow-merges `patch` like `Collection.update`; a missing document is left missing. */
  update: <T extends StoredDocument>(collection: Collection<T>, id: string, patch: Partial<Omit<T, 'id'>>): DocumentWrite => ({
    collection: collection.name,
    kind: 'update',
    id,
    patch: patch as Record<string, unknown>,
  }),
  delete: <T extends StoredDocument>(collection: Collection<T>, id: string): DocumentWrite => ({ collection: collection.name, kind: 'delete', id }),
};

export interface DocumentStore {
  collection<T extends StoredDocument>(name: string, options?: CollectionOptions<T>): Collection<T>;
  /** Applies every write in order, or none of them (an insert of an existing id rejects the batch with DuplicateDocumentError). */
  commit(writes: readonly DocumentWrite[]): Promise<void>;
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
