import { randomUUID } from 'node:crypto';
import { ElasticsearchError, illegalArgument, indexNotFound, parsingError } from './elasticsearch-error.js';
import { isObject, MemoryIndex, valuesAt, type Json } from './memory-index.js';
import { evaluate } from './query.js';
import { suggest } from './term-suggester.js';

export interface ClusterRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  body: string;
}

export interface ClusterReply {
  status: number;
  body?: unknown;
}

type Handler = (request: ClusterRequest, path: Record<string, string>) => ClusterReply;

const ok = (body: unknown, status = 200): ClusterReply => ({ status, body });
const SHARDS = { total: 1, successful: 1, failed: 0 };
const MAX_RESULT_WINDOW = 10_000;
const VERSION = {
  number: '9.4.0',
  build_flavor: 'default',
  build_type: 'docker',
  build_hash: 'cairn-wire-double',
  build_date: '2026-01-01T00:00:00.000Z',
  build_snapshot: false,
  lucene_version: '10.3.0',
  minimum_wire_compatibility_version: '8.19.0',
  minimum_index_compatibility_version: '8.0.0',
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ElasticsearchError(400, 'x_content_parse_exception', `Failed to parse request body: ${(error as Error).message}`);
  }
}

function jsonBody(request: ClusterRequest): Json {
  if (request.body.trim() === '') return {};
  const body = parseJson(request.body);
  if (!isObject(body)) throw parsingError('request body must be an object');
  return body;
}

function onlyKeys(body: Json, api: string, allowed: string[]): void {
  const unknown = Object.keys(body).find((key) => !allowed.includes(key));
  if (unknown !== undefined) throw parsingError(`[${api}] unknown field [${unknown}]`);
}

/** `refresh=true|wait_for` (or a bare `refresh`) makes the writes searchable before the reply. */
const wantsRefresh = (params: URLSearchParams) => params.has('refresh') && params.get('refresh') !== 'false';

function validateIndexName(name: string): void {
  if (name !== name.toLowerCase()) throw new ElasticsearchError(400, 'invalid_index_name_exception', `Invalid index name [${name}], must be lowercase`, { index: name });
  if (/^[-_+]/.test(name) || name === '.' || name === '..' || /[\\/*?"<>| ,#:]/.test(name)) {
    throw new ElasticsearchError(400, 'invalid_index_name_exception', `Invalid index name [${name}], contains an illegal character or prefix`, { index: name });
  }
}

function selectSource(source: Json, selector: unknown): Json | undefined {
  if (selector === false || selector === 'false') return undefined;
  if (selector === undefined || selector === true || selector === 'true') return source;
  const fields = [selector].flat().flatMap((field) => String(field).split(','));
  return Object.fromEntries(Object.entries(source).filter(([key]) => fields.includes(key)));
}

/**
 * The indexes of an in-memory Elasticsearch and the REST endpoints over them that the Cairn adapters
 * use; anything else is a 400 (or 405 for a known path with the wrong method).
 */
export class ElasticsearchCluster {
  private readonly indices = new Map<string, MemoryIndex>();
  private readonly routes: [pattern: string[], methods: string[], handler: Handler][];

  constructor(private readonly refreshIntervalMs: number) {
    const route = (pattern: string, methods: string[], handler: Handler) =>
      [pattern.split('/').filter(Boolean), methods, handler] as [string[], string[], Handler];
    this.routes = [
      route('/', ['GET', 'HEAD'], () => ok({ name: 'cairn-double', cluster_name: 'cairn-wire-double', cluster_uuid: 'cairn-wire-double', version: VERSION, tagline: 'You Know, for Search' })),
      route('/_cluster/health', ['GET'], () => ok({ cluster_name: 'cairn-wire-double', status: 'green', timed_out: false, number_of_nodes: 1, number_of_data_nodes: 1 })),
      route('/_bulk', ['POST', 'PUT'], (request) => this.bulk(request)),
      route('/_refresh', ['POST', 'GET'], () => this.refresh([...this.indices.values()])),
      route('/_mget', ['GET', 'POST'], (request) => this.mget(request)),
      route('/{index}/_bulk', ['POST', 'PUT'], (request, { index }) => this.bulk(request, index)),
      route('/{index}/_refresh', ['POST', 'GET'], (_request, { index }) => this.refresh([this.existing(index)])),
      route('/{index}/_mget', ['GET', 'POST'], (request, { index }) => this.mget(request, index)),
      route('/{index}/_search', ['GET', 'POST'], (request, { index }) => this.search(request, this.existing(index))),
      route('/{index}/_count', ['GET', 'POST'], (request, { index }) => this.count(request, this.existing(index))),
      route('/{index}/_delete_by_query', ['POST'], (request, { index }) => this.deleteByQuery(request, this.existing(index))),
      route('/{index}/_mapping', ['GET'], (_request, { index }) => ok({ [index]: { mappings: this.existing(index).mappings } })),
      route('/{index}/_doc/{id}', ['GET'], (_request, { index, id }) => this.getDocument(this.existing(index), id)),
      route('/{index}', ['HEAD'], (_request, { index }) => ({ status: this.indices.has(index) ? 200 : 404 })),
      route('/{index}', ['GET'], (_request, { index }) => this.describe(this.existing(index))),
      route('/{index}', ['PUT'], (request, { index }) => this.createIndex(request, index)),
      route('/{index}', ['DELETE'], (_request, { index }) => {
        this.existing(index);
        this.indices.delete(index);
        return ok({ acknowledged: true });
      }),
    ];
  }

  handle(request: ClusterRequest): ClusterReply {
    const segments = request.path.split('/').filter(Boolean).map(decodeURIComponent);
    const allowed: string[] = [];
    for (const [pattern, methods, handler] of this.routes) {
      const path = this.match(pattern, segments);
      if (!path) continue;
      if (methods.includes(request.method)) return handler(request, path);
      allowed.push(...methods);
    }
    if (allowed.length > 0) {
      return { status: 405, body: { error: `Incorrect HTTP method for uri [${request.path}] and method [${request.method}], allowed: [${allowed.join(', ')}]`, status: 405 } };
    }
    throw illegalArgument(`no handler found for uri [${request.path}] and method [${request.method}]`);
  }

  private match(pattern: string[], segments: string[]): Record<string, string> | undefined {
    if (pattern.length !== segments.length) return undefined;
    const path: Record<string, string> = {};
    for (const [i, part] of pattern.entries()) {
      if (part === '{index}' && !segments[i].startsWith('_')) path.index = segments[i];
      else if (part === '{id}') path.id = segments[i];
      else if (part !== segments[i]) return undefined;
    }
    return path;
  }

  private existing(name: string): MemoryIndex {
    const index = this.indices.get(name);
    if (!index) throw indexNotFound(name);
    return index;
  }

  private createIndex(request: ClusterRequest, name: string): ClusterReply {
    validateIndexName(name);
    if (this.indices.has(name)) {
      throw new ElasticsearchError(400, 'resource_already_exists_exception', `index [${name}/${randomUUID()}] already exists`, { index: name });
    }
    const body = jsonBody(request);
    onlyKeys(body, 'create index', ['settings', 'mappings', 'aliases']);
    const mappings = isObject(body.mappings) ? body.mappings : {};
    const settings = isObject(body.settings) ? body.settings : {};
    this.indices.set(name, new MemoryIndex(name, mappings, settings, this.refreshIntervalMs));
    return ok({ acknowledged: true, shards_acknowledged: true, index: name });
  }

  private describe(index: MemoryIndex): ClusterReply {
    const settings = { index: { number_of_shards: '1', number_of_replicas: '0', ...index.settings, provided_name: index.name } };
    return ok({ [index.name]: { aliases: {}, mappings: index.mappings, settings } });
  }

  private refresh(indices: MemoryIndex[]): ClusterReply {
    for (const index of indices) index.refresh();
    return ok({ _shards: { ...SHARDS, total: indices.length, successful: indices.length } });
  }

  private bulk(request: ClusterRequest, defaultIndex?: string): ClusterReply {
    if (request.body.length > 0 && !request.body.endsWith('\n')) throw illegalArgument('The bulk request must be terminated by a newline [\\n]');
    const lines = request.body.split('\n').filter((line) => line.trim() !== '');
    const started = Date.now();
    const items: Json[] = [];
    const touched = new Set<MemoryIndex>();
    for (let line = 0; line < lines.length; ) {
      const action = parseJson(lines[line++]);
      const [entry, ...extra] = isObject(action) ? Object.entries(action) : [];
      if (!entry || extra.length > 0 || !isObject(entry[1])) throw illegalArgument(`Malformed action/metadata line [${line}], expected a simple value for field [_index]`);
      const [operation, meta] = entry as [string, Json];
      if (!['index', 'create', 'delete', 'update'].includes(operation)) throw illegalArgument(`Action/metadata line [${line}] contains an unknown parameter [${operation}]`);
      const source = operation === 'delete' ? undefined : parseJson(lines[line++] ?? 'null');
      const indexName = String(meta._index ?? defaultIndex ?? '');
      if (!indexName) throw new ElasticsearchError(400, 'action_request_validation_exception', 'Validation Failed: 1: index is missing;');
      items.push({ [operation]: this.bulkItem(operation, indexName, meta, source, touched) });
    }
    if (wantsRefresh(request.params)) for (const index of touched) index.refresh();
    const errors = items.some((item) => 'error' in (Object.values(item)[0] as Json));
    return ok({ took: Date.now() - started, errors, items });
  }

  private bulkItem(operation: string, indexName: string, meta: Json, source: unknown, touched: Set<MemoryIndex>): Json {
    const id = meta._id === undefined ? undefined : String(meta._id);
    try {
      if (operation === 'update') throw illegalArgument('the wire-level test double does not support bulk update');
      if (operation === 'delete') {
        if (id === undefined) throw new ElasticsearchError(400, 'action_request_validation_exception', 'Validation Failed: 1: id is missing;');
        const index = this.existing(indexName);
        touched.add(index);
        const removed = index.remove(id);
        return { _index: indexName, _id: id, _version: (removed?.version ?? 0) + 1, result: removed ? 'deleted' : 'not_found', _shards: SHARDS, _primary_term: 1, status: removed ? 200 : 404 };
      }
      if (!isObject(source)) throw new ElasticsearchError(400, 'mapper_parsing_exception', 'failed to parse, document is empty');
      let index = this.indices.get(indexName);
      if (!index) {
        validateIndexName(indexName);
        this.indices.set(indexName, (index = new MemoryIndex(indexName, {}, {}, this.refreshIntervalMs)));
      }
      touched.add(index);
      const { created, document } = index.put(id ?? randomUUID().replaceAll('-', '').slice(0, 20), source, operation === 'create');
      return {
        _index: indexName,
        _id: document.id,
        _version: document.version,
        result: created ? 'created' : 'updated',
        _shards: SHARDS,
        _seq_no: document.seqNo,
        _primary_term: 1,
        status: created ? 201 : 200,
      };
    } catch (error) {
      if (!(error instanceof ElasticsearchError)) throw error;
      return { _index: indexName, _id: id ?? null, status: error.status, error: error.rootCause };
    }
  }

  private search(request: ClusterRequest, index: MemoryIndex): ClusterReply {
    const started = Date.now();
    const body = jsonBody(request);
    onlyKeys(body, 'search', ['query', 'size', 'from', '_source', 'track_total_hits', 'timeout', 'suggest', 'sort', 'search_after']);
    const size = Number(body.size ?? request.params.get('size') ?? 10);
    const from = Number(body.from ?? request.params.get('from') ?? 0);
    if (!Number.isInteger(size) || size < 0 || !Number.isInteger(from) || from < 0) throw illegalArgument('[from] and [size] must be non-negative integers');
    if (from + size > MAX_RESULT_WINDOW) {
      throw illegalArgument(`Result window is too large, from + size must be less than or equal to: [${MAX_RESULT_WINDOW}] but was [${from + size}].`);
    }
    const documents = index.searchableDocuments();
    const sortKeys = sortKeysOf(index, body.sort);
    const keyOf = (id: string) => sortKeys.map(({ field }) => String(valuesAt(documents.get(id)!.source, field)[0] ?? ''));
    const ranked = [...evaluate(index, body.query as Json | undefined)].sort(([idA, a], [idB, b]) => {
      if (sortKeys.length === 0) return b - a;
      const [keysA, keysB] = [keyOf(idA), keyOf(idB)];
      for (const [i, { descending }] of sortKeys.entries()) {
        if (keysA[i] !== keysB[i]) return (keysA[i] < keysB[i] ? -1 : 1) * (descending ? -1 : 1);
      }
      return 0;
    });
    const after = searchAfter(body.search_after, sortKeys.length);
    const compareKeys = (keys: string[]) => {
      for (const [i, { descending }] of sortKeys.entries()) if (keys[i] !== after![i]) return (keys[i] > after![i] ? 1 : -1) * (descending ? -1 : 1);
      return 0;
    };
    const page = after ? ranked.filter(([id]) => compareKeys(keyOf(id)) > 0) : ranked;
    const sourceSelector = body._source ?? request.params.get('_source') ?? undefined;
    const hits = page.slice(from, from + size).map(([id, score]) => {
      const source = selectSource(documents.get(id)!.source, sourceSelector);
      const sorted = sortKeys.length > 0 ? { _score: null, sort: keyOf(id) } : { _score: score };
      return { _index: index.name, _id: id, ...sorted, ...(source ? { _source: source } : {}) };
    });
    const total = body.track_total_hits === false ? {} : { total: { value: ranked.length, relation: 'eq' } };
    return ok({
      took: Date.now() - started,
      timed_out: false,
      _shards: { ...SHARDS, skipped: 0 },
      hits: { ...total, max_score: ranked.length > 0 ? ranked[0][1] : null, hits },
      ...(body.suggest !== undefined && { suggest: suggest(index, body.suggest) }),
    });
  }

  private count(request: ClusterRequest, index: MemoryIndex): ClusterReply {
    const body = jsonBody(request);
    onlyKeys(body, 'count', ['query']);
    return ok({ count: evaluate(index, body.query as Json | undefined).size, _shards: { ...SHARDS, skipped: 0 } });
  }

  private deleteByQuery(request: ClusterRequest, index: MemoryIndex): ClusterReply {
    const started = Date.now();
    const body = jsonBody(request);
    onlyKeys(body, 'delete_by_query', ['query', 'max_docs']);
    if (!isObject(body.query)) throw new ElasticsearchError(400, 'action_request_validation_exception', 'Validation Failed: 1: query is missing;');
    const ids = [...evaluate(index, body.query).keys()];
    for (const id of ids) index.remove(id);
    if (wantsRefresh(request.params)) index.refresh();
    return ok({
      took: Date.now() - started,
      timed_out: false,
      total: ids.length,
      deleted: ids.length,
      batches: ids.length > 0 ? 1 : 0,
      version_conflicts: 0,
      noops: 0,
      retries: { bulk: 0, search: 0 },
      throttled_millis: 0,
      requests_per_second: -1,
      throttled_until_millis: 0,
      failures: [],
    });
  }

  private documentReply(index: MemoryIndex, id: string): Json {
    const document = index.live.get(id);
    if (!document) return { _index: index.name, _id: id, found: false };
    return { _index: index.name, _id: id, _version: document.version, _seq_no: document.seqNo, _primary_term: 1, found: true, _source: document.source };
  }

  private getDocument(index: MemoryIndex, id: string): ClusterReply {
    const reply = this.documentReply(index, id);
    return { status: reply.found ? 200 : 404, body: reply };
  }

  private mget(request: ClusterRequest, defaultIndex?: string): ClusterReply {
    const body = jsonBody(request);
    onlyKeys(body, 'mget', ['ids', 'docs']);
    const wanted: { index?: string; id: string }[] = Array.isArray(body.ids)
      ? body.ids.map((id) => ({ index: defaultIndex, id: String(id) }))
      : Array.isArray(body.docs)
        ? body.docs.filter(isObject).map((doc) => ({ index: doc._index === undefined ? defaultIndex : String(doc._index), id: String(doc._id) }))
        : [];
    if (wanted.length === 0) throw new ElasticsearchError(400, 'action_request_validation_exception', 'Validation Failed: 1: no documents to get;');
    const docs = wanted.map(({ index, id }) => {
      if (index === undefined) throw new ElasticsearchError(400, 'action_request_validation_exception', 'Validation Failed: 1: index is missing for doc 0;');
      const existing = this.indices.get(index);
      return existing ? this.documentReply(existing, id) : { _index: index, _id: id, error: indexNotFound(index).rootCause };
    });
    return ok({ docs });
  }
}

/** `search_after`: the sort values of the last hit of the previous page, one per sort key. */
function searchAfter(value: unknown, sortKeys: number): string[] | null {
  if (value === undefined) return null;
  if (sortKeys === 0) throw illegalArgument('[search_after] cannot be used without [sort]');
  if (!Array.isArray(value) || value.length !== sortKeys) {
    throw illegalArgument(`search_after has ${Array.isArray(value) ? value.length : 0} value(s) but sort has ${sortKeys}.`);
  }
  return value.map(String);
}

/** `sort` as `[{ field: 'asc' | 'desc' | { order } }]` on keyword fields: what the double sorts by. */
function sortKeysOf(index: MemoryIndex, sort: unknown): { field: string; descending: boolean }[] {
  if (sort === undefined) return [];
  return [sort].flat().map((entry) => {
    const [field, spec] = typeof entry === 'string' ? [entry, 'asc'] : (Object.entries(entry as Json)[0] ?? []);
    const order = typeof spec === 'object' && spec !== null ? (spec as Json).order : spec;
    if (typeof field !== 'string' || index.fieldMapping(field)?.type !== 'keyword') {
      throw illegalArgument('the wire-level test double sorts on keyword fields only');
    }
    if (order !== 'asc' && order !== 'desc') throw illegalArgument(`[sort] order must be asc or desc, got [${String(order)}]`);
    return { field, descending: order === 'desc' };
  });
}
