import { createServer, type IncomingMessage } from 'node:http';
import { isObject, type Json } from './filter.js';
import { MemoryCollection, parseDistance, pointId, type PointId, type ScoredPoint, type StoredPoint } from './memory-collection.js';
import { badRequest, collectionNotFound, formatError, QdrantError } from './qdrant-error.js';
import { listenOnLoopback } from '../http/loopback-server.js';

export interface QdrantDoubleOptions {
  /** When set, every request but the health probes needs it in the `api-key` header (or as a bearer token). */
  apiKey?: string;
}

export interface RecordedQdrantRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  body: unknown;
}

export interface QdrantDouble {
  /** An `http://127.0.0.1:<port>` URL for `@qdrant/js-client-rest`. */
  url: string;
  /** Every request received, oldest first. */
  requests: RecordedQdrantRequest[];
  stop(): Promise<void>;
}

interface Request {
  method: string;
  segments: string[];
  params: URLSearchParams;
  body: Json;
}

const VERSION = '1.18.0';
const FIELD_SCHEMAS = new Set(['keyword', 'integer', 'float', 'bool', 'geo', 'datetime', 'text', 'uuid']);
const HEALTH_PATHS = new Set(['/healthz', '/livez', '/readyz']);

function onlyKeys(body: Json, allowed: string[]): void {
  const unknown = Object.keys(body).find((key) => !allowed.includes(key));
  if (unknown !== undefined) throw formatError(`unknown field \`${unknown}\`, expected one of ${allowed.map((key) => `\`${key}\``).join(', ')}`);
}

function positiveInteger(value: unknown, fallback: number, field: string): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw formatError(`invalid value for \`${field}\`: expected an unsigned integer`);
  return value;
}

function selectPayload(payload: Json, selector: unknown): Json | undefined {
  if (selector === undefined || selector === false) return undefined;
  if (selector === true) return payload;
  const pick = (keys: string[], keep: boolean) => Object.fromEntries(Object.entries(payload).filter(([key]) => keys.includes(key) === keep));
  if (Array.isArray(selector)) return pick(selector.map(String), true);
  if (isObject(selector) && Array.isArray(selector.include)) return pick(selector.include.map(String), true);
  if (isObject(selector) && Array.isArray(selector.exclude)) return pick(selector.exclude.map(String), false);
  throw formatError('with_payload must be a boolean, a list of keys, or {include} / {exclude}');
}

function pointView(point: StoredPoint, withPayload: unknown, withVector: unknown): Json {
  const payload = selectPayload(point.payload, withPayload);
  return { id: point.id, ...(payload ? { payload } : {}), ...(withVector === true ? { vector: Array.from(point.vector) } : {}) };
}

const scoredView = ({ point, score }: ScoredPoint, body: Json): Json => ({
  id: point.id,
  version: point.version,
  score,
  ...pointView(point, body.with_payload, body.with_vector),
});

/** The Qdrant REST API subset the Cairn vector index uses, over in-memory collections. */
class QdrantServer {
  private readonly collections = new Map<string, MemoryCollection>();

  handle(request: Request): unknown {
    const { method, segments } = request;
    const [root, name, sub, action] = segments;
    if (segments.length === 0 && method === 'GET') return { title: 'qdrant - vector search engine', version: VERSION, commit: 'cairn-wire-double' };
    if (root !== 'collections') return this.unknown(request);
    if (segments.length === 1 && method === 'GET') return { collections: [...this.collections.keys()].map((collection) => ({ name: collection })) };
    const route = `${method} ${[sub, action].filter(Boolean).join('/')}`;
    switch (route) {
      case 'GET ':
        return this.describe(name);
      case 'PUT ':
        return this.create(name, request.body);
      case 'DELETE ':
        return this.collections.delete(name);
      case 'GET exists':
        return { exists: this.collections.has(name) };
      case 'PUT index':
        return this.createPayloadIndex(name, request);
      case 'PUT points':
        return this.upsert(name, request);
      case 'POST points':
        return this.retrieve(name, request.body);
      case 'POST points/search':
        return this.search(name, request.body);
      case 'POST points/query':
        return this.query(name, request.body);
      case 'POST points/delete':
        return this.delete(name, request);
      case 'POST points/count':
        return this.count(name, request.body);
      case 'POST points/scroll':
        return this.scroll(name, request.body);
      default:
        return this.unknown(request);
    }
  }

  private unknown(request: Request): never {
    throw new QdrantError(404, `Not found: the wire-level test double has no ${request.method} /${request.segments.join('/')}`);
  }

  private collection(name: string): MemoryCollection {
    const collection = this.collections.get(name);
    if (!collection) throw collectionNotFound(name);
    return collection;
  }

  private describe(name: string): Json {
    const collection = this.collection(name);
    return {
      status: 'green',
      optimizer_status: 'ok',
      indexed_vectors_count: 0,
      points_count: collection.points.size,
      segments_count: 1,
      config: {
        params: {
          vectors: { size: collection.size, distance: collection.distance },
          shard_number: 1,
          replication_factor: 1,
          write_consistency_factor: 1,
          on_disk_payload: true,
        },
        hnsw_config: { m: 16, ef_construct: 100, full_scan_threshold: 10000, max_indexing_threads: 0, on_disk: false },
        optimizer_config: { deleted_threshold: 0.2, vacuum_min_vector_number: 1000, default_segment_number: 0, flush_interval_sec: 5 },
        wal_config: { wal_capacity_mb: 32, wal_segments_ahead: 0 },
        quantization_config: null,
      },
      payload_schema: Object.fromEntries(
        [...collection.payloadSchema].map(([field, schema]) => [
          field,
          {
            data_type: isObject(schema) ? schema.type : schema,
            ...(isObject(schema) ? { params: schema } : {}),
            points: collection.matching({ must_not: [{ is_empty: { key: field } }] }).length,
          },
        ]),
      ),
    };
  }

  private create(name: string, body: Json): boolean {
    if (!/^[^/\\\0]{1,255}$/.test(name)) throw badRequest(`Collection name \`${name}\` is not valid`);
    if (this.collections.has(name)) throw new QdrantError(409, `Wrong input: Collection \`${name}\` already exists!`);
    const vectors = body.vectors;
    if (!isObject(vectors) || !('size' in vectors)) throw formatError('the wire-level test double needs `vectors: { size, distance }` (one unnamed vector)');
    const size = vectors.size;
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > 65536) {
      throw badRequest(`Validation error in JSON body: [vectors.size: value ${String(size)} invalid, must be from 1 to 65536]`);
    }
    this.collections.set(name, new MemoryCollection(size, parseDistance(vectors.distance)));
    return true;
  }

  private updateResult(request: Request, operationId: number): Json {
    return { operation_id: operationId, status: request.params.get('wait') === 'true' ? 'completed' : 'acknowledged' };
  }

  private createPayloadIndex(name: string, request: Request): Json {
    const collection = this.collection(name);
    onlyKeys(request.body, ['field_name', 'field_schema']);
    const { field_name: field, field_schema: schema } = request.body;
    const type = isObject(schema) ? schema.type : schema;
    if (typeof field !== 'string' || field === '') throw formatError('missing field `field_name`');
    if (typeof type !== 'string' || !FIELD_SCHEMAS.has(type)) throw formatError(`unknown payload schema ${JSON.stringify(schema)}`);
    collection.payloadSchema.set(field, schema);
    return this.updateResult(request, collection.nextOperation());
  }

  private upsert(name: string, request: Request): Json {
    const collection = this.collection(name);
    const { points, batch } = request.body;
    let records: { id: unknown; vector: unknown; payload?: unknown }[];
    if (Array.isArray(points)) {
      records = points.map((point) => (isObject(point) ? point : {}) as { id: unknown; vector: unknown; payload?: unknown });
    } else if (isObject(batch) && Array.isArray(batch.ids) && Array.isArray(batch.vectors)) {
      const payloads = Array.isArray(batch.payloads) ? batch.payloads : [];
      records = batch.ids.map((id, i) => ({ id, vector: (batch.vectors as unknown[])[i], payload: payloads[i] }));
    } else {
      throw formatError('expected `points` or `batch`');
    }
    return this.updateResult(request, collection.upsert(records));
  }

  private retrieve(name: string, body: Json): Json[] {
    const collection = this.collection(name);
    onlyKeys(body, ['ids', 'with_payload', 'with_vector', 'shard_key']);
    if (!Array.isArray(body.ids)) throw formatError('missing field `ids`');
    return body.ids
      .map((id) => collection.points.get(pointId(id)))
      .filter((point): point is StoredPoint => point !== undefined)
      .map((point) => pointView(point, body.with_payload ?? true, body.with_vector));
  }

  /** Points in id order (integers before UUIDs, as Qdrant orders them), a page at a time from `offset`. */
  private scroll(name: string, body: Json): Json {
    const collection = this.collection(name);
    onlyKeys(body, ['limit', 'offset', 'filter', 'with_payload', 'with_vector', 'shard_key']);
    const limit = positiveInteger(body.limit, 10, 'limit');
    const order = (id: PointId) => (typeof id === 'number' ? `0${id.toString().padStart(20, '0')}` : `1${id}`);
    const from = body.offset === undefined || body.offset === null ? '' : order(pointId(body.offset));
    const points = collection
      .matching(body.filter)
      .filter((point) => order(point.id) >= from)
      .sort((a, b) => (order(a.id) < order(b.id) ? -1 : 1));
    return {
      points: points.slice(0, limit).map((point) => pointView(point, body.with_payload ?? true, body.with_vector)),
      next_page_offset: points[limit]?.id ?? null,
    };
  }

  private scored(name: string, body: Json, vector: unknown): Json[] {
    const collection = this.collection(name);
    const limit = positiveInteger(body.limit, 10, 'limit');
    const offset = positiveInteger(body.offset, 0, 'offset');
    const threshold = typeof body.score_threshold === 'number' ? body.score_threshold : undefined;
    return collection.search(vector, body.filter, limit, offset, threshold).map((hit) => scoredView(hit, body));
  }

  private search(name: string, body: Json): Json[] {
    onlyKeys(body, ['vector', 'filter', 'params', 'limit', 'offset', 'with_payload', 'with_vector', 'score_threshold', 'shard_key']);
    if (body.vector === undefined) throw formatError('missing field `vector`');
    return this.scored(name, body, body.vector);
  }

  private query(name: string, body: Json): Json {
    onlyKeys(body, ['query', 'filter', 'params', 'limit', 'offset', 'with_payload', 'with_vector', 'score_threshold', 'shard_key']);
    const vector = isObject(body.query) && 'nearest' in body.query ? body.query.nearest : body.query;
    if (vector === undefined) throw formatError('the wire-level test double answers only nearest-vector queries (`query: [..]`)');
    return { points: this.scored(name, body, vector) };
  }

  private delete(name: string, request: Request): Json {
    const collection = this.collection(name);
    const { points, filter } = request.body;
    onlyKeys(request.body, ['points', 'filter', 'shard_key']);
    let targets: StoredPoint[];
    if (Array.isArray(points)) targets = points.map(pointId).flatMap((id) => collection.points.get(id) ?? []);
    else if (filter !== undefined) targets = collection.matching(filter);
    else throw formatError('expected `points` or `filter`');
    return this.updateResult(request, collection.delete(targets));
  }

  private count(name: string, body: Json): Json {
    const collection = this.collection(name);
    onlyKeys(body, ['filter', 'exact', 'shard_key']);
    return { count: collection.matching(body.filter).length };
  }
}

async function readJson(request: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw formatError((error as Error).message);
  }
  if (!isObject(body)) throw formatError('expected a JSON object');
  return body;
}

function authorised(request: IncomingMessage, apiKey: string | undefined): boolean {
  return apiKey === undefined || request.headers['api-key'] === apiKey || request.headers.authorization === `Bearer ${apiKey}`;
}

/**
 * An in-memory Qdrant on 127.0.0.1 speaking the REST subset the Cairn vector index uses, with Qdrant's
 * envelope (`{ result, status: "ok", time }`), exact scoring, and Qdrant's errors and statuses.
 */
export async function startQdrantDouble(options: QdrantDoubleOptions = {}): Promise<QdrantDouble> {
  const qdrant = new QdrantServer();
  const requests: RecordedQdrantRequest[] = [];

  const server = createServer((request, response) => {
    void (async () => {
      const started = performance.now();
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const method = request.method ?? 'GET';
      const send = (status: number, body: unknown, type = 'application/json') => {
        const payload = typeof body === 'string' ? body : JSON.stringify(body);
        response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(payload) });
        response.end(payload);
      };
      if (HEALTH_PATHS.has(url.pathname)) return send(200, `${url.pathname.slice(1)} check passed`, 'text/plain');
      if (!authorised(request, options.apiKey)) return send(401, 'Must provide an API key or an Authorization bearer token', 'text/plain');
      const time = () => (performance.now() - started) / 1000;
      try {
        const body = await readJson(request);
        requests.push({ method, path: url.pathname, params: Object.fromEntries(url.searchParams), body });
        const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
        const result = qdrant.handle({ method, segments, params: url.searchParams, body });
        send(200, segments.length === 0 ? result : { result, status: 'ok', time: time() });
      } catch (error) {
        const failure = error instanceof QdrantError ? error : new QdrantError(500, `Service internal error: ${(error as Error).message}`);
        send(failure.status, { status: { error: failure.message }, time: time() });
      }
    })();
  });

  const { port, close } = await listenOnLoopback(server);

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: close,
  };
}
