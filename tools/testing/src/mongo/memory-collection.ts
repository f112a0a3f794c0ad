import { ObjectId, type Document } from 'bson';
import { canonicalKey, valuesEqual } from './bson-values.js';
import { MongoCommandError } from './command-error.js';
import { valuesAt } from './query.js';

export interface IndexSpec {
  name: string;
  key: Record<string, number>;
  unique: boolean;
}

const ID_INDEX: IndexSpec = { name: '_id_', key: { _id: 1 }, unique: true };

function indexedValues(doc: Document, index: IndexSpec): unknown[] {
  return Object.keys(index.key).map((field) => valuesAt(doc, field.split('.'))[0] ?? null);
}

const describeValue = (value: unknown) =>
  value instanceof ObjectId ? `ObjectId('${value.toHexString()}')` : JSON.stringify(value ?? null);

/** One collection: documents in insertion order, keyed by `_id`, with unique indexes enforced. */
export class MemoryCollection {
  private readonly documents = new Map<string, Document>();
  private readonly uniqueKeys = new Map<string, Map<string, string>>();
  private readonly specs: IndexSpec[] = [ID_INDEX];

  constructor(
    readonly namespace: string,
    private readonly beforeChange: (collection: MemoryCollection, idKey: string, before: Document | undefined) => void = () => undefined,
  ) {}

  get indexes(): readonly IndexSpec[] {
    return this.specs;
  }

  all(): Document[] {
    return [...this.documents.values()];
  }

  get size(): number {
    return this.documents.size;
  }

  /** Adds the index; returns false when an identical one exists already. */
  createIndex(spec: IndexSpec): boolean {
    const sameName = this.specs.find((existing) => existing.name === spec.name);
    const sameKey = this.specs.find((existing) => valuesEqual(existing.key, spec.key));
    if (sameName && !valuesEqual(sameName.key, spec.key)) {
      throw new MongoCommandError(
        86,
        'IndexKeySpecsConflict',
        `An existing index has the same name as the requested index. ` +
          `Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName)}`,
      );
    }
    if (sameKey && (sameKey.name !== spec.name || sameKey.unique !== spec.unique)) {
      throw new MongoCommandError(
        85,
        'IndexOptionsConflict',
        `Index already exists with a different name or options: ${sameKey.name}`,
      );
    }
    if (sameName) return false;
    if (spec.unique) {
      const keys = new Map<string, string>();
      for (const [id, doc] of this.documents) {
        const key = canonicalKey(indexedValues(doc, spec));
        if (keys.has(key)) throw this.duplicateKey(spec, doc);
        keys.set(key, id);
      }
      this.uniqueKeys.set(spec.name, keys);
    }
    this.specs.push(spec);
    return true;
  }

  get(idKey: string): Document | undefined {
    return this.documents.get(idKey);
  }

  idKeyOf(doc: Document): string {
    return canonicalKey(doc._id);
  }

  insert(doc: Document): void {
    const idKey = this.idKeyOf(doc);
    if (this.documents.has(idKey)) throw this.duplicateKey(ID_INDEX, doc);
    this.checkUnique(doc, undefined);
    this.beforeChange(this, idKey, undefined);
    this.documents.set(idKey, doc);
    this.indexKeys(doc, idKey);
  }

  /** Replaces the document stored under `idKey` (its `_id` never changes). */
  replace(idKey: string, next: Document): void {
    this.checkUnique(next, idKey);
    this.beforeChange(this, idKey, this.documents.get(idKey));
    this.unindexKeys(this.documents.get(idKey)!);
    this.documents.set(idKey, next);
    this.indexKeys(next, idKey);
  }

  remove(idKey: string): void {
    const doc = this.documents.get(idKey);
    if (!doc) return;
    this.beforeChange(this, idKey, doc);
    this.unindexKeys(doc);
    this.documents.delete(idKey);
  }

  private uniqueIndexes(): IndexSpec[] {
    return this.specs.filter((spec) => spec.unique && spec !== ID_INDEX);
  }

  private checkUnique(doc: Document, ownIdKey: string | undefined): void {
    for (const spec of this.uniqueIndexes()) {
      const owner = this.uniqueKeys.get(spec.name)!.get(canonicalKey(indexedValues(doc, spec)));
      if (owner !== undefined && owner !== ownIdKey) throw this.duplicateKey(spec, doc);
    }
  }

  private indexKeys(doc: Document, idKey: string): void {
    for (const spec of this.uniqueIndexes()) {
      this.uniqueKeys.get(spec.name)!.set(canonicalKey(indexedValues(doc, spec)), idKey);
    }
  }

  private unindexKeys(doc: Document): void {
    for (const spec of this.uniqueIndexes()) {
      this.uniqueKeys.get(spec.name)!.delete(canonicalKey(indexedValues(doc, spec)));
    }
  }

  private duplicateKey(spec: IndexSpec, doc: Document): MongoCommandError {
    const fields = Object.keys(spec.key);
    const values = indexedValues(doc, spec);
    const keyValue = Object.fromEntries(fields.map((field, i) => [field, values[i]]));
    const shown = fields.map((field, i) => `${field}: ${describeValue(values[i])}`).join(', ');
    return new MongoCommandError(
      11000,
      'DuplicateKey',
      `E11000 duplicate key error collection: ${this.namespace} index: ${spec.name} dup key: { ${shown} }`,
      { keyPattern: spec.key, keyValue },
    );
  }
}
