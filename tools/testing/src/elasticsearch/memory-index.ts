import { analyze, type AnalyzerName } from './english-analyzer.js';
import { ElasticsearchError } from './elasticsearch-error.js';

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface FieldMapping {
  type: string;
  analyzer?: AnalyzerName;
  enabled?: boolean;
  /** Fields this field's values are also indexed in (`copy_to`). */
  copyTo: string[];
}

export interface StoredDocument {
  id: string;
  source: Json;
  version: number;
  seqNo: number;
}

/** Inverted index of one text field: token → document → term frequency, and each document's length in tokens. */
interface FieldPostings {
  postings: Map<string, Map<string, number>>;
  lengths: Map<string, number>;
  totalLength: number;
}

const K1 = 1.2;
const B = 0.75;
const ANALYZERS = new Set<string>(['english', 'standard']);

/** Every leaf value under a dotted path, arrays flattened. */
export function valuesAt(source: unknown, path: string): unknown[] {
  let current: unknown[] = [source];
  for (const key of path.split('.')) {
    current = current.flatMap((value) => (isObject(value) ? [value[key]] : [])).flat().filter((value) => value !== undefined);
  }
  return current.flat(Infinity).filter((value) => value !== null);
}

function flattenMapping(properties: unknown, prefix = '', into = new Map<string, FieldMapping>()): Map<string, FieldMapping> {
  if (!isObject(properties)) return into;
  for (const [name, spec] of Object.entries(properties)) {
    if (!isObject(spec)) continue;
    const path = prefix + name;
    const type = typeof spec.type === 'string' ? spec.type : 'object';
    const analyzer = typeof spec.analyzer === 'string' ? spec.analyzer : type === 'text' ? 'standard' : undefined;
    if (analyzer !== undefined && !ANALYZERS.has(analyzer)) {
      throw new ElasticsearchError(400, 'mapper_parsing_exception', `analyzer [${analyzer}] has not been configured in mappings`);
    }
    const copyTo = spec.copy_to === undefined ? [] : [spec.copy_to].flat().map(String);
    into.set(path, { type, analyzer: analyzer as AnalyzerName | undefined, enabled: spec.enabled !== false, copyTo });
    if (type === 'object' && spec.enabled !== false) flattenMapping(spec.properties, `${path}.`, into);
  }
  return into;
}

/**
 * One index: documents as written (what `_mget` reads, realtime) and the searchable view as of the
 * last refresh, with per-field postings for BM25. Writes become searchable on refresh, or once the
 * refresh interval has passed, as in Elasticsearch.
 */
export class MemoryIndex {
  readonly live = new Map<string, StoredDocument>();
  private readonly searchable = new Map<string, StoredDocument>();
  private readonly fields = new Map<string, FieldPostings>();
  private readonly analysed = new Map<string, Map<string, Map<string, number>>>();
  private readonly mapping: Map<string, FieldMapping>;
  /** `strict` rejects unmapped fields, `false` stores them unindexed, `true` indexes their strings as `standard` text. */
  private readonly dynamic: string;
  private readonly pending = new Set<string>();
  private pendingSince = 0;
  private seqNo = 0;

  constructor(
    readonly name: string,
    readonly mappings: Json,
    readonly settings: Json,
    private readonly refreshIntervalMs: number,
  ) {
    this.mapping = flattenMapping(mappings.properties);
    this.dynamic = String(mappings.dynamic ?? true);
  }

  /** Stores a document; `create` fails when the id exists. Returns whether it was new. */
  put(id: string, source: Json, create = false): { created: boolean; document: StoredDocument } {
    this.checkDynamic(source, '');
    const previous = this.live.get(id);
    if (previous && create) {
      throw new ElasticsearchError(409, 'version_conflict_engine_exception', `[${id}]: version conflict, document already exists (current version [${previous.version}])`, {
        index: this.name,
      });
    }
    const document = { id, source, version: (previous?.version ?? 0) + 1, seqNo: this.seqNo++ };
    this.live.set(id, document);
    this.markPending(id);
    return { created: !previous, document };
  }

  remove(id: string): StoredDocument | undefined {
    const previous = this.live.get(id);
    if (!previous) return undefined;
    this.live.delete(id);
    this.markPending(id);
    this.seqNo++;
    return previous;
  }

  refresh(): void {
    for (const id of this.pending) {
      this.unindex(id);
      const document = this.live.get(id);
      if (document) this.indexDocument(document);
    }
    this.pending.clear();
  }

  /** The documents search sees: those written before the last refresh. */
  searchableDocuments(): Map<string, StoredDocument> {
    if (this.pending.size > 0 && this.refreshIntervalMs >= 0 && Date.now() - this.pendingSince >= this.refreshIntervalMs) this.refresh();
    return this.searchable;
  }

  fieldMapping(path: string): FieldMapping | undefined {
    return this.mapping.get(path);
  }

  /** The analyzer for full-text queries on `path`, or null when the field matches whole values only. */
  analyzerFor(path: string): AnalyzerName | null {
    const field = this.mapping.get(path);
    if (!field) return this.dynamic === 'true' ? 'standard' : null;
    return field.type === 'text' ? (field.analyzer ?? 'standard') : null;
  }

  /** Analysed tokens of a searchable document's text field. */
  tokensOf(id: string, path: string): Map<string, number> | undefined {
    return this.analysed.get(id)?.get(path);
  }

  /** The distinct terms indexed in a text field (its term dictionary). */
  fieldTerms(path: string): Iterable<string> {
    return this.fields.get(path)?.postings.keys() ?? [];
  }

  /** How many searchable documents have the term in the field. */
  documentFrequency(path: string, term: string): number {
    return this.fields.get(path)?.postings.get(term)?.size ?? 0;
  }

  /** Lucene's BM25 (k1 1.2, b 0.75) of one query token in one field, per matching document. */
  bm25(path: string, token: string): Map<string, number> {
    const scores = new Map<string, number>();
    const field = this.fields.get(path);
    const documents = field?.postings.get(token);
    if (!field || !documents) return scores;
    const docCount = field.lengths.size;
    const averageLength = field.totalLength / docCount;
    const idf = Math.log(1 + (docCount - documents.size + 0.5) / (documents.size + 0.5));
    for (const [id, frequency] of documents) {
      const length = field.lengths.get(id)!;
      scores.set(id, (idf * frequency) / (frequency + K1 * (1 - B + (B * length) / averageLength)));
    }
    return scores;
  }

  private markPending(id: string): void {
    if (this.pending.size === 0) this.pendingSince = Date.now();
    this.pending.add(id);
  }

  private checkDynamic(value: Json, prefix: string): void {
    for (const [key, child] of Object.entries(value)) {
      const path = prefix + key;
      const field = this.mapping.get(path);
      if (!field && this.dynamic === 'strict') {
        throw new ElasticsearchError(
          400,
          'strict_dynamic_mapping_exception',
          `[1:2] mapping set to strict, dynamic introduction of [${key}] within [${prefix ? prefix.slice(0, -1) : '_doc'}] is not allowed`,
        );
      }
      if (field && !field.enabled) continue;
      for (const item of [child].flat()) if (isObject(item)) this.checkDynamic(item, `${path}.`);
    }
  }

  private textFields(source: Json, prefix = ''): [string, AnalyzerName][] {
    return Object.entries(source).flatMap(([key, value]): [string, AnalyzerName][] => {
      const path = prefix + key;
      const field = this.mapping.get(path);
      if (field && !field.enabled) return [];
      const items = [value].flat();
      const nested = items.filter(isObject).flatMap((item) => this.textFields(item, `${path}.`));
      const dynamicText = this.dynamic === 'true' && items.some((item) => typeof item === 'string');
      const analyzer = field ? (field.type === 'text' ? field.analyzer! : null) : dynamicText ? 'standard' : null;
      return analyzer ? [[path, analyzer], ...nested] : nested;
    });
  }

  private indexDocument(document: StoredDocument): void {
    const byField = new Map<string, Map<string, number>>();
    const values = new Map<string, unknown[]>();
    for (const path of new Set(this.textFields(document.source).map(([path]) => path))) {
      for (const target of [path, ...(this.mapping.get(path)?.copyTo ?? [])]) {
        values.set(target, [...(values.get(target) ?? []), ...valuesAt(document.source, path)]);
      }
    }
    for (const [path, fieldValues] of values) {
      const analyzer = this.analyzerFor(path);
      if (analyzer === null) continue;
      const tokens = fieldValues.flatMap((value) => analyze(String(value), analyzer));
      if (tokens.length === 0) continue;
      const frequencies = new Map<string, number>();
      for (const token of tokens) frequencies.set(token, (frequencies.get(token) ?? 0) + 1);
      byField.set(path, frequencies);
      let field = this.fields.get(path);
      if (!field) this.fields.set(path, (field = { postings: new Map(), lengths: new Map(), totalLength: 0 }));
      field.lengths.set(document.id, tokens.length);
      field.totalLength += tokens.length;
      for (const [token, frequency] of frequencies) {
        let postings = field.postings.get(token);
        if (!postings) field.postings.set(token, (postings = new Map()));
        postings.set(document.id, frequency);
      }
    }
    this.analysed.set(document.id, byField);
    this.searchable.set(document.id, document);
  }

  private unindex(id: string): void {
    for (const [path, frequencies] of this.analysed.get(id) ?? []) {
      const field = this.fields.get(path)!;
      field.totalLength -= field.lengths.get(id)!;
      field.lengths.delete(id);
      for (const token of frequencies.keys()) {
        const postings = field.postings.get(token)!;
        postings.delete(id);
        if (postings.size === 0) field.postings.delete(token);
      }
    }
    this.analysed.delete(id);
    this.searchable.delete(id);
  }
}
