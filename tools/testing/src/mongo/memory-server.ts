import { calculateObjectSize, Decimal128, Long, ObjectId, type Document } from 'bson';
import { isPlainObject, valuesEqual } from './bson-values.js';
import { badValue, failedToParse, MongoCommandError } from './command-error.js';
import { MemoryCollection } from './memory-collection.js';
import { equalityFields, matches, project, sortDocuments } from './query.js';
import { Transactions } from './transactions.js';
import { applyUpdate, isReplacement } from './update.js';

export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
export const MAX_MESSAGE_SIZE = 48_000_000;
export const MAX_WIRE_VERSION = 25;
const SERVER_VERSION = '8.0.0';
const DEFAULT_FIRST_BATCH = 101;

interface OpenCursor {
  namespace: string;
  remaining: Document[];
}

interface Context {
  database: string;
  connectionId: number;
}

type Handler = (command: Document, context: Context) => Document;

const namespaceNotFound = (namespace: string) =>
  new MongoCommandError(26, 'NamespaceNotFound', `ns does not exist: ${namespace}`);

function collectionName(command: Document, name: string): string {
  const value = command[name];
  if (typeof value !== 'string' || value.length === 0) {
    throw new MongoCommandError(73, 'InvalidNamespace', `collection name has invalid type ${typeof value}`);
  }
  return value;
}

function nonNegativeOrUnset(command: Document, field: string): number | undefined {
  const value = command[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || value < 0) throw badValue(`${field} must be a non-negative number`);
  return value;
}

/**
 * A find command's `skip`, `limit` or `batchSize` as mongod's IDL reads it (`safeInt64`, validator `gte: 0`):
 * a number of any BSON numeric type, truncated to a whole one; below 0 is error 51024.
 */
function findCount(command: Document, field: 'skip' | 'limit' | 'batchSize'): number | undefined {
  const value = command[field];
  if (value === undefined || value === null) return undefined;
  const count = typeof value === 'number' ? value : Long.isLong(value) ? value.toNumber() : value instanceof Decimal128 ? Number(value.toString()) : undefined;
  if (count === undefined) {
    throw new MongoCommandError(14, 'TypeMismatch', `BSON field '${field}' is the wrong type '${typeof value}', expected types '[long, int, decimal, double]'`);
  }
  const whole = Number.isNaN(count) ? 0 : Math.trunc(count);
  if (whole < 0) throw new MongoCommandError(51024, 'Location51024', `BSON field '${field}' value must be >= 0, actual value '${whole}'`);
  return whole;
}

const withId = (doc: Document): Document => {
  const { _id, ...rest } = doc;
  return { _id: _id ?? new ObjectId(), ...rest };
};

/**
 * The in-memory server behind the wire double: databases of collections and the commands the
 * MongoDB Node driver sends for CRUD, cursors, indexes and GridFS. Errors have mongod's codes.
 */
export class MemoryMongoServer {
  private readonly databases = new Map<string, Map<string, MemoryCollection>>();
  private readonly cursors = new Map<number, OpenCursor>();
  private nextCursorId = 1_000_000 + Math.floor(Math.random() * 1_000_000);
  private readonly handlers: Record<string, Handler>;
  private readonly transactions = new Transactions();

  constructor() {
    const hello: Handler = (command, context) => this.hello(command, context);
    const buildInfo: Handler = () => ({
      version: SERVER_VERSION,
      versionArray: [8, 0, 0, 0],
      gitVersion: 'cairn-wire-double',
      bits: 64,
      maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
      ok: 1,
    });
    this.handlers = {
      hello,
      isMaster: hello,
      ismaster: hello,
      ping: () => ({ ok: 1 }),
      buildInfo,
      buildinfo: buildInfo,
      endSessions: () => ({ ok: 1 }),
      commitTransaction: (command) => this.transactions.commit(command),
      abortTransaction: (command) => this.transactions.abort(command),
      insert: (command, context) => this.insert(command, context),
      find: (command, context) => this.find(command, context),
      getMore: (command) => this.getMore(command),
      killCursors: (command) => this.killCursors(command),
      update: (command, context) => this.update(command, context),
      delete: (command, context) => this.delete(command, context),
      findAndModify: (command, context) => this.findAndModify(command, context),
      aggregate: (command, context) => this.aggregate(command, context),
      count: (command, context) => this.count(command, context),
      createIndexes: (command, context) => this.createIndexes(command, context),
      listIndexes: (command, context) => this.listIndexes(command, context),
      listCollections: (command, context) => this.listCollections(command, context),
      drop: (command, context) => this.drop(command, context),
      listDatabases: () => ({
        databases: [...this.databases.keys()].map((name) => ({ name, sizeOnDisk: 0, empty: false })),
        totalSize: 0,
        ok: 1,
      }),
      dropDatabase: (_command, context) => {
        this.databases.delete(context.database);
        return { ok: 1 };
      },
    };
  }

  /** Runs one command document and returns the reply document, `{ ok: 0, … }` on failure. */
  run(command: Document, connectionId: number): Document {
    const name = Object.keys(command)[0] ?? '';
    const handler = Object.hasOwn(this.handlers, name) ? this.handlers[name] : undefined;
    try {
      if (!handler) throw new MongoCommandError(59, 'CommandNotFound', `no such command: '${name}'`);
      return this.transactions.within(command, () => handler(command, { database: String(command.$db ?? 'admin'), connectionId }));
    } catch (error) {
      if (error instanceof MongoCommandError) return error.toReply();
      return new MongoCommandError(1, 'InternalError', (error as Error).message).toReply();
    }
  }

  private hello(command: Document, context: Context): Document {
    const primary = command.hello ? { isWritablePrimary: true } : { ismaster: true };
    return {
      ...primary,
      helloOk: true,
      maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
      maxMessageSizeBytes: MAX_MESSAGE_SIZE,
      maxWriteBatchSize: 100_000,
      localTime: new Date(),
      logicalSessionTimeoutMinutes: 30,
      connectionId: context.connectionId,
      minWireVersion: 0,
      maxWireVersion: MAX_WIRE_VERSION,
      readOnly: false,
      ok: 1,
    };
  }

  private existing(context: Context, name: string): MemoryCollection | undefined {
    return this.databases.get(context.database)?.get(name);
  }

  private matching(collection: MemoryCollection | undefined, filter: Document | undefined): Document[] {
    return collection?.all().filter((doc) => matches(doc, filter)) ?? [];
  }

  private collection(context: Context, name: string): MemoryCollection {
    let database = this.databases.get(context.database);
    if (!database) this.databases.set(context.database, (database = new Map()));
    let collection = database.get(name);
    if (!collection) database.set(name, (collection = new MemoryCollection(`${context.database}.${name}`, (changed, idKey, before) => this.transactions.record(changed, idKey, before))));
    return collection;
  }

  /** Runs each write statement, collecting `writeErrors`; an ordered batch stops at the first one. */
  private writeBatch(
    command: Document,
    statements: unknown,
    apply: (statement: Document, index: number) => void,
  ): Document {
    if (!Array.isArray(statements)) throw failedToParse('write command needs an array of statements');
    const writeErrors: Document[] = [];
    for (const [index, statement] of statements.entries()) {
      try {
        apply(statement as Document, index);
      } catch (error) {
        if (!(error instanceof MongoCommandError)) throw error;
        writeErrors.push(error.toWriteError(index));
        if (command.ordered !== false) break;
      }
    }
    return writeErrors.length > 0 ? { writeErrors } : {};
  }

  private insert(command: Document, context: Context): Document {
    const collection = this.collection(context, collectionName(command, 'insert'));
    let n = 0;
    const outcome = this.writeBatch(command, command.documents, (doc) => {
      collection.insert(withId(doc));
      n++;
    });
    return { n, ...outcome, ok: 1 };
  }

  private update(command: Document, context: Context): Document {
    const name = collectionName(command, 'update');
    let n = 0;
    let nModified = 0;
    const upserted: Document[] = [];
    const outcome = this.writeBatch(command, command.updates, (statement, index) => {
      const result = this.updateMatching(context, name, statement.q ?? {}, statement.u, {
        multi: statement.multi === true,
        upsert: statement.upsert === true,
      });
      n += result.matched;
      nModified += result.modified;
      if (result.upsertedId !== undefined) {
        n++;
        upserted.push({ index, _id: result.upsertedId });
      }
    });
    return { n, nModified, ...(upserted.length > 0 ? { upserted } : {}), ...outcome, ok: 1 };
  }

  private updateMatching(
    context: Context,
    name: string,
    filter: Document,
    update: unknown,
    options: { multi: boolean; upsert: boolean; sort?: Document },
  ): { matched: number; modified: number; upsertedId?: unknown; before?: Document; after?: Document } {
    if (options.multi && isPlainObject(update) && isReplacement(update)) {
      throw failedToParse('multi update is not supported for replacement-style update');
    }
    const existing = this.existing(context, name);
    const candidates = sortDocuments(this.matching(existing, filter), options.sort);
    const targets = options.multi ? candidates : candidates.slice(0, 1);
    if (targets.length === 0) {
      if (!options.upsert) return { matched: 0, modified: 0 };
      const inserted = withId(applyUpdate(equalityFields(filter), update, true));
      this.collection(context, name).insert(inserted);
      return { matched: 0, modified: 0, upsertedId: inserted._id, after: inserted };
    }
    let modified = 0;
    let last: { before: Document; after: Document } | undefined;
    for (const doc of targets) {
      const next = applyUpdate(doc, update, false);
      if (!valuesEqual(doc, next)) {
        existing!.replace(existing!.idKeyOf(doc), next);
        modified++;
      }
      last = { before: doc, after: next };
    }
    return { matched: targets.length, modified, ...last };
  }

  private delete(command: Document, context: Context): Document {
    const collection = this.existing(context, collectionName(command, 'delete'));
    let n = 0;
    const outcome = this.writeBatch(command, command.deletes, (statement) => {
      if (statement.limit !== 0 && statement.limit !== 1) {
        throw failedToParse('The limit field in delete objects must be 0 or 1');
      }
      const found = this.matching(collection, statement.q);
      for (const doc of statement.limit === 1 ? found.slice(0, 1) : found) {
        collection!.remove(collection!.idKeyOf(doc));
        n++;
      }
    });
    return { n, ...outcome, ok: 1 };
  }

  private findAndModify(command: Document, context: Context): Document {
    const name = collectionName(command, 'findAndModify');
    const filter = (command.query as Document) ?? {};
    if (command.remove === true) {
      const collection = this.existing(context, name);
      const [doc] = sortDocuments(this.matching(collection, filter), command.sort);
      if (doc) collection!.remove(collection!.idKeyOf(doc));
      return { lastErrorObject: { n: doc ? 1 : 0 }, value: doc ? project(doc, command.fields) : null, ok: 1 };
    }
    if (command.update === undefined) throw failedToParse('Either an update or remove=true must be specified');
    const result = this.updateMatching(context, name, filter, command.update, {
      multi: false,
      upsert: command.upsert === true,
      sort: command.sort,
    });
    const value = command.new === true ? result.after : result.upsertedId === undefined ? result.before : undefined;
    return {
      lastErrorObject: {
        n: result.matched + (result.upsertedId === undefined ? 0 : 1),
        updatedExisting: result.matched > 0,
        ...(result.upsertedId === undefined ? {} : { upserted: result.upsertedId }),
      },
      value: value ? project(value, command.fields) : null,
      ok: 1,
    };
  }

  private find(command: Document, context: Context): Document {
    const name = collectionName(command, 'find');
    const skip = findCount(command, 'skip') ?? 0;
    const limit = findCount(command, 'limit') || undefined;
    const batchSize = findCount(command, 'batchSize') ?? DEFAULT_FIRST_BATCH;
    const matched = this.matching(this.existing(context, name), command.filter);
    const page = sortDocuments(matched, command.sort).slice(skip, limit === undefined ? undefined : skip + limit);
    const documents = page.map((doc) => project(doc, command.projection));
    return this.openCursor(`${context.database}.${name}`, documents, batchSize, command.singleBatch === true);
  }

  /** Replies with the first batch (by count and by size) and keeps the rest for getMore. */
  private openCursor(namespace: string, documents: Document[], batchSize: number, singleBatch = false): Document {
    const firstBatch = this.takeBatch(documents, batchSize);
    let id = 0;
    if (documents.length > 0 && !singleBatch) {
      id = this.nextCursorId++;
      this.cursors.set(id, { namespace, remaining: documents });
    }
    return { cursor: { firstBatch, id: Long.fromNumber(id), ns: namespace }, ok: 1 };
  }

  private takeBatch(documents: Document[], maxCount: number): Document[] {
    let bytes = 0;
    let count = 0;
    while (count < documents.length && count < maxCount) {
      bytes += calculateObjectSize(documents[count]);
      if (count > 0 && bytes > MAX_BSON_OBJECT_SIZE) break;
      count++;
    }
    return documents.splice(0, count);
  }

  private getMore(command: Document): Document {
    const id = Number(command.getMore);
    const cursor = this.cursors.get(id);
    if (!cursor) throw new MongoCommandError(43, 'CursorNotFound', `cursor id ${id} not found`);
    const nextBatch = this.takeBatch(cursor.remaining, nonNegativeOrUnset(command, 'batchSize') || Infinity);
    const exhausted = cursor.remaining.length === 0;
    if (exhausted) this.cursors.delete(id);
    return { cursor: { nextBatch, id: Long.fromNumber(exhausted ? 0 : id), ns: cursor.namespace }, ok: 1 };
  }

  private killCursors(command: Document): Document {
    const ids = ((command.cursors as unknown[]) ?? []).map(Number);
    const killed = ids.filter((id) => this.cursors.delete(id));
    const notFound = ids.filter((id) => !killed.includes(id));
    return {
      cursorsKilled: killed.map((id) => Long.fromNumber(id)),
      cursorsNotFound: notFound.map((id) => Long.fromNumber(id)),
      cursorsAlive: [],
      cursorsUnknown: [],
      ok: 1,
    };
  }

  private aggregate(command: Document, context: Context): Document {
    const name = collectionName(command, 'aggregate');
    if (!Array.isArray(command.pipeline)) throw failedToParse("'pipeline' option must be specified as an array");
    let documents = this.existing(context, name)?.all() ?? [];
    for (const stage of command.pipeline as Document[]) documents = this.runStage(documents, stage);
    const batchSize = nonNegativeOrUnset((command.cursor as Document) ?? {}, 'batchSize') ?? DEFAULT_FIRST_BATCH;
    return this.openCursor(`${context.database}.${name}`, documents, batchSize);
  }

  private runStage(documents: Document[], stage: Document): Document[] {
    const [operator, argument] = Object.entries(stage)[0] ?? [];
    switch (operator) {
      case '$match':
        return documents.filter((doc) => matches(doc, argument));
      case '$sort':
        return sortDocuments(documents, argument);
      case '$skip':
        return documents.slice(argument);
      case '$limit':
        return documents.slice(0, argument);
      case '$project':
        return documents.map((doc) => project(doc, argument));
      case '$group':
        return this.group(documents, argument);
      default:
        throw new MongoCommandError(40324, 'Location40324', `Unrecognized pipeline stage name: '${operator}'`);
    }
  }

  /** `$group` on a constant `_id` with `$sum` of constants: what countDocuments sends. */
  private group(documents: Document[], spec: Document): Document[] {
    const { _id: id, ...accumulators } = spec;
    if (typeof id === 'string' && id.startsWith('$')) {
      throw badValue('the wire-level test double groups by constant _id only');
    }
    if (documents.length === 0) return [];
    const result: Document = { _id: id };
    for (const [field, accumulator] of Object.entries(accumulators)) {
      const amount = (accumulator as Document).$sum;
      if (typeof amount !== 'number') {
        throw badValue(`the wire-level test double supports only {$sum: <number>} in $group (${field})`);
      }
      result[field] = amount * documents.length;
    }
    return [result];
  }

  private count(command: Document, context: Context): Document {
    const matched = this.matching(this.existing(context, collectionName(command, 'count')), command.query);
    const skip = nonNegativeOrUnset(command, 'skip') ?? 0;
    const limit = nonNegativeOrUnset(command, 'limit') || Number.MAX_SAFE_INTEGER;
    return { n: Math.min(Math.max(matched.length - skip, 0), limit), ok: 1 };
  }

  private createIndexes(command: Document, context: Context): Document {
    const name = collectionName(command, 'createIndexes');
    const createdCollectionAutomatically = !this.existing(context, name);
    const collection = this.collection(context, name);
    const before = collection.indexes.length;
    for (const index of (command.indexes as Document[]) ?? []) {
      if (!isPlainObject(index.key) || Object.keys(index.key).length === 0 || typeof index.name !== 'string') {
        throw new MongoCommandError(67, 'CannotCreateIndex', 'index specification needs a non-empty key and a name');
      }
      collection.createIndex({ name: index.name, key: index.key, unique: index.unique === true });
    }
    return {
      numIndexesBefore: before,
      numIndexesAfter: collection.indexes.length,
      createdCollectionAutomatically,
      ...(before === collection.indexes.length ? { note: 'all indexes already exist' } : {}),
      ok: 1,
    };
  }

  private listIndexes(command: Document, context: Context): Document {
    const name = collectionName(command, 'listIndexes');
    const namespace = `${context.database}.${name}`;
    const collection = this.existing(context, name);
    if (!collection) throw namespaceNotFound(namespace);
    const indexes = collection.indexes.map((index) => ({
      v: 2,
      key: index.key,
      name: index.name,
      ...(index.unique && index.name !== '_id_' ? { unique: true } : {}),
    }));
    return this.openCursor(namespace, indexes, DEFAULT_FIRST_BATCH);
  }

  private listCollections(command: Document, context: Context): Document {
    const names = [...(this.databases.get(context.database)?.keys() ?? [])];
    const infos = names
      .map((name) => ({ name, type: 'collection', options: {}, info: { readOnly: false } }))
      .filter((info) => matches(info, command.filter))
      .map((info) => (command.nameOnly === true ? { name: info.name, type: info.type } : info));
    return this.openCursor(`${context.database}.$cmd.listCollections`, infos, DEFAULT_FIRST_BATCH);
  }

  /** Like mongod 7+, dropping a missing collection succeeds. */
  private drop(command: Document, context: Context): Document {
    const name = collectionName(command, 'drop');
    const collection = this.existing(context, name);
    this.databases.get(context.database)?.delete(name);
    return { nIndexesWas: collection?.indexes.length ?? 0, ns: `${context.database}.${name}`, ok: 1 };
  }
}
