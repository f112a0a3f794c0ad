import { displayUrl, trustProcessWide } from '@cairn/platform';
import { QdrantClient, type Schemas } from '@qdrant/js-client-rest';
import { createHash } from 'node:crypto';
import type { ChunkSource, DocumentFilter, ScoredId } from '../../chunks/chunk.js';
import type { VectorIndex, VectorQuery, VectorRecord } from '../vector-index.port.js';

export interface QdrantVectorIndexOptions {
  url: string;
  apiKey?: string;
  /** Certificates the server's is checked against besides the system roots; trusted process-wide, as the client takes no CA. */
  ca?: string[];
  collection: string;
  /** The embedder's vector size; 0 when not known yet, and the first upsert creates the collection. */
  dimensions: number;
}

interface ChunkPayload {
  chunkId: string;
  owner: string;
  documentId: string;
  source: ChunkSource;
}

const UPSERT_BATCH = 256;
const POINT_ID_NAMESPACE = Buffer.from('9256d1f0ebc1473a9ec7bf57317b5230', 'hex');

/** A stable UUID (version 5: SHA-1 over a fixed namespace) for a chunk id, since Qdrant point ids must be UUIDs or integers. */
export function pointIdFor(chunkId: string): string {
  const bytes = createHash('sha1').update(POINT_ID_NAMESPACE).update(chunkId, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function filterFor(filter: Partial<DocumentFilter>): Schemas['Filter'] | undefined {
  const must = (['owner', 'documentId', 'source'] as const)
    .filter((key) => filter[key] !== undefined)
    .map((key) => ({ key, match: { value: filter[key]! } }));
  return must.length > 0 ? { must } : undefined;
}

/** Qdrant's own error text (`{ status: { error } }`) with the HTTP status, or the client's message. */
function describeError(error: unknown): string {
  const { status, data, message } = error as { status?: number; data?: { status?: { error?: string } }; message?: string };
  const detail = data?.status?.error ?? message ?? String(error);
  return status ? `${status} ${detail}` : detail;
}

/**
 * Chunk vectors in one Qdrant collection (cosine), filtered by owner through a tenant payload index.
 * Each point's id is derived from the chunk id, which the payload keeps.
 */
export class QdrantVectorIndex implements VectorIndex {
  private collectionReady = false;

  private constructor(
    private readonly client: QdrantClient,
    private readonly collection: string,
  ) {}

  static async connect({ url, apiKey, ca, collection, dimensions }: QdrantVectorIndexOptions): Promise<QdrantVectorIndex> {
    if (ca && !trustProcessWide(ca)) {
      throw new Error(`QDRANT_CA_FILE needs Node 22.19 or later (this is ${process.version}); the images run Node 24`);
    }
    const client = new QdrantClient({ url, apiKey, checkCompatibility: false, timeout: 30_000 });
    const index = new QdrantVectorIndex(client, collection);
    try {
      await index.prepare(dimensions);
    } catch (error) {
      throw new Error(`Qdrant at ${displayUrl(url)} (collection ${collection}) is not usable: ${describeError(error)}`);
    }
    return index;
  }

  private async prepare(dimensions: number): Promise<void> {
    const { exists } = await this.client.collectionExists(this.collection);
    if (!exists) {
      if (dimensions > 0) await this.createCollection(dimensions);
      return;
    }
    const vectors = (await this.client.getCollection(this.collection)).config.params.vectors;
    const size = vectors && 'size' in vectors && typeof vectors.size === 'number' ? vectors.size : undefined;
    if (size === undefined) throw new Error('the collection has named vectors; Cairn needs one unnamed vector per point');
    if (dimensions > 0 && size !== dimensions) {
      throw new Error(`the collection holds ${size}-dimensional vectors but the embedder gives ${dimensions}; use another QDRANT_COLLECTION or drop this one`);
    }
    this.collectionReady = true;
  }

  private async createCollection(size: number): Promise<void> {
    try {
      await this.client.createCollection(this.collection, { vectors: { size, distance: 'Cosine' } });
    } catch (error) {
      if ((error as { status?: number }).status !== 409) throw error;
    }
    await this.client.createPayloadIndex(this.collection, { field_name: 'owner', field_schema: { type: 'keyword', is_tenant: true }, wait: true });
    for (const field of ['documentId', 'source']) {
      await this.client.createPayloadIndex(this.collection, { field_name: field, field_schema: 'keyword', wait: true });
    }
    this.collectionReady = true;
  }

  private async call<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new Error(`Qdrant ${operation} on collection ${this.collection} failed: ${describeError(error)}`);
    }
  }

  async upsert(records: VectorRecord[]): Promise<void> {
    if (records.length === 0) return;
    if (!this.collectionReady) await this.call('create collection', () => this.createCollection(records[0].vector.length));
    for (let start = 0; start < records.length; start += UPSERT_BATCH) {
      const points = records.slice(start, start + UPSERT_BATCH).map((record) => ({
        id: pointIdFor(record.id),
        vector: Array.from(record.vector),
        payload: { chunkId: record.id, owner: record.owner, documentId: record.documentId, source: record.source } satisfies ChunkPayload,
      }));
      await this.call('upsert', () => this.client.upsert(this.collection, { wait: true, points }));
    }
  }

  /** Qdrant's delete does not say how many points it removed, so they are counted first. */
  async deleteDocuments(filter: DocumentFilter): Promise<number> {
    if (!this.collectionReady) return 0;
    const removed = await this.count(filter);
    if (removed > 0) await this.call('delete', () => this.client.delete(this.collection, { wait: true, filter: filterFor(filter)! }));
    return removed;
  }

  async search(query: VectorQuery): Promise<ScoredId[]> {
    if (!this.collectionReady || query.owners.length === 0 || query.size <= 0) return [];
    const { points } = await this.call('search', () =>
      this.client.query(this.collection, {
        query: Array.from(query.vector),
        filter: { must: [{ key: 'owner', match: { any: query.owners } }] },
        limit: query.size,
        with_payload: ['chunkId'],
      }),
    );
    return points.map((point) => ({ id: (point.payload as Pick<ChunkPayload, 'chunkId'>).chunkId, score: point.score }));
  }

  async count(filter: Partial<DocumentFilter> = {}): Promise<number> {
    if (!this.collectionReady) return 0;
    const { count } = await this.call('count', () => this.client.count(this.collection, { filter: filterFor(filter), exact: true }));
    return count;
  }

  async ping(): Promise<void> {
    await this.call('ping', () => this.client.versionInfo());
  }

  /** The REST client holds no connection to release. */
  async close(): Promise<void> {}
}
