import type { ClientSession, Collection as NativeCollection, Db, Document, Sort } from 'mongodb';
import mongoose, { type Connection } from 'mongoose';
import {
  DuplicateDocumentError,
  type Collection,
  type CollectionOptions,
  type DocumentStore,
  type DocumentWrite,
  type FindOptions,
  type StoredDocument,
  type Where,
} from '../document-store.port.js';

export interface MongoDocumentStoreOptions {
  url: string;
  /** One database per service, e.g. `cairn_conversations`. */
  database: string;
  /** PEM bundle the server's certificate is checked against (MONGO_CA_FILE); implies TLS. */
  caFile?: string;
}

/** TLS with a private CA, when one is named; otherwise whatever the URL says. */
export const mongoTlsOptions = (caFile: string | undefined) => (caFile ? { tls: true, tlsCAFile: caFile } : {});

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const WITHOUT_ID = { _id: 0 } as const;
const DUPLICATE_KEY = 11000;

const mongoField = (field: string) => (field === 'id' ? '_id' : field);

/** Equality on every defined field; `null` also matches a missing field, as in the SQLite adapter (`IS NULL`). */
function toFilter<T>(where: Where<T> | undefined): Document {
  return Object.fromEntries(
    Object.entries(where ?? {})
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => [mongoField(field), value]),
  );
}

function toSort<T>(sort: FindOptions<T>['sort']): Sort {
  const fields: [string, 1 | -1][] = (sort ?? []).map((s) => [mongoField(s.field), s.direction === 'desc' ? -1 : 1]);
  if (!fields.some(([field]) => field === '_id')) fields.push(['_id', 1]);
  return fields;
}

/** Stored as given plus `_id` (its id), so reads that project `_id` away return the document unchanged. */
const stored = (doc: StoredDocument): Document => ({ _id: doc.id, ...doc });
const byId = (id: string): Document => ({ _id: id });

/** `$set` and `$unset` for a shallow merge; like the SQLite adapter's spread-then-JSON, a field patched to `undefined` disappears. */
function mergeOperators(patch: Record<string, unknown>): Document | null {
  const fields = Object.entries(patch).filter(([field]) => field !== 'id' && field !== '_id');
  if (fields.length === 0) return null;
  const operators: Document = {};
  for (const [field, value] of fields) {
    if (value === undefined) operators.$unset = { ...operators.$unset, [field]: '' };
    else operators.$set = { ...operators.$set, [field]: value };
  }
  return operators;
}

class MongoCollection<T extends StoredDocument> implements Collection<T> {
  constructor(
    readonly name: string,
    readonly ready: Promise<NativeCollection>,
  ) {}

  async insert(doc: T, session?: ClientSession): Promise<void> {
    const collection = await this.ready;
    try {
      await collection.insertOne(stored(doc), { session });
    } catch (error) {
      if ((error as { code?: unknown }).code === DUPLICATE_KEY) throw new DuplicateDocumentError(this.name, doc.id);
      throw error;
    }
  }

  async put(doc: T, session?: ClientSession): Promise<void> {
    const collection = await this.ready;
    await collection.replaceOne(byId(doc.id), stored(doc), { upsert: true, session });
  }

  async apply(change: DocumentWrite, session: ClientSession): Promise<void> {
    if (change.kind === 'insert') return this.insert(change.doc as T, session);
    if (change.kind === 'put') return this.put(change.doc as T, session);
    const collection = await this.ready;
    if (change.kind === 'delete') {
      await collection.deleteOne(byId(change.id), { session });
      return;
    }
    const operators = mergeOperators(change.patch);
    if (operators) await collection.updateOne(byId(change.id), operators, { session });
  }

  async get(id: string): Promise<T | null> {
    const collection = await this.ready;
    return (await collection.findOne(byId(id), { projection: WITHOUT_ID })) as T | null;
  }

  async find(options: FindOptions<T> = {}): Promise<T[]> {
    if (options.limit === 0) return [];
    const collection = await this.ready;
    const found = collection.find(toFilter(options.where), {
      projection: WITHOUT_ID,
      sort: toSort(options.sort),
      skip: options.offset,
      limit: options.limit,
    });
    const docs: unknown[] = await found.toArray();
    return docs as T[];
  }

  async count(where?: Where<T>): Promise<number> {
    const collection = await this.ready;
    return collection.countDocuments(toFilter(where));
  }

  async update(id: string, patch: Partial<Omit<T, 'id'>>): Promise<T | null> {
    const operators = mergeOperators(patch);
    if (!operators) return this.get(id);
    const collection = await this.ready;
    return (await collection.findOneAndUpdate(byId(id), operators, {
      returnDocument: 'after',
      projection: WITHOUT_ID,
    })) as T | null;
  }

  async delete(id: string): Promise<boolean> {
    const collection = await this.ready;
    return (await collection.deleteOne(byId(id))).deletedCount > 0;
  }

  async deleteMany(where: Where<T>): Promise<number> {
    const filter = toFilter(where);
    if (Object.keys(filter).length === 0) throw new Error('deleteMany needs at least one condition');
    const collection = await this.ready;
    return (await collection.deleteMany(filter)).deletedCount;
  }
}

/** MongoDB through a mongoose connection (cluster mode): native collections of one service database. */
export class MongoDocumentStore implements DocumentStore {
  private readonly connection: Connection;
  private readonly db: Promise<Db>;
  private readonly collections = new Map<string, Promise<NativeCollection>>();

  constructor({ url, database, caFile }: MongoDocumentStoreOptions) {
    // Like JSON in the SQLite adapter, a field holding `undefined` is left out rather than stored as null.
    this.connection = mongoose.createConnection(url, { dbName: database, ignoreUndefined: true, ...mongoTlsOptions(caFile) });
    this.db = this.connection.asPromise().then((connection) => connection.db!);
    this.db.catch(() => undefined);
  }

  /** Connects and answers once the server has answered a ping. */
  static async connect(options: MongoDocumentStoreOptions): Promise<MongoDocumentStore> {
    const store = new MongoDocumentStore(options);
    try {
      await store.ping();
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  }

  collection<T extends StoredDocument>(name: string, options: CollectionOptions<T> = {}): MongoCollection<T> {
    if (!NAME.test(name)) throw new Error(`invalid collection name: ${name}`);
    let ready = this.collections.get(name);
    if (!ready) {
      ready = this.db.then(async (db) => {
        const collection = db.collection(name);
        for (const fields of options.indexes ?? []) {
          if (fields.length === 1 && fields[0] === 'id') continue;
          await collection.createIndex(fields.map((field) => [mongoField(field), 1] as [string, 1]));
        }
        return collection;
      });
      ready.catch(() => this.collections.delete(name));
      this.collections.set(name, ready);
    }
    return new MongoCollection<T>(name, ready);
  }

  /** One multi-document transaction: MongoDB must run as a replica set (a single-node one will do), as operators and Atlas do. */
  async commit(writes: readonly DocumentWrite[]): Promise<void> {
    if (writes.length === 0) return;
    const collections = writes.map((change) => this.collection(change.collection));
    await Promise.all(collections.map((collection) => collection.ready));
    const session = this.connection.getClient().startSession();
    try {
      await session.withTransaction(async () => {
        for (const [i, change] of writes.entries()) await collections[i].apply(change, session);
      });
    } finally {
      await session.endSession();
    }
  }

  async ping(): Promise<void> {
    await (await this.db).command({ ping: 1 });
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}
