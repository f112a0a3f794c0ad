import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { QdrantClient } from '@qdrant/js-client-rest';
import { randomUUID } from 'node:crypto';
import { dockerEngineReachable, startQdrantContainer, startQdrantDouble } from '@cairn/testing';
import { describeOnServers } from '@cairn/testing/suites';
import { CONTRACT_DIMENSIONS, describeVectorIndexContract, unit } from '../vector-index.contract.js';
import { pointIdFor, QdrantVectorIndex } from './qdrant-vector-index.adapter.js';

const record = (id: string, values: number[]) => ({ id, owner: 'global', documentId: id.split('#')[0], source: 'starter' as const, vector: unit(values) });

describe('pointIdFor', () => {
  it('derives a stable version-5 UUID from the chunk id', () => {
    expect(pointIdFor('who-malaria#3')).toBe(pointIdFor('who-malaria#3'));
    expect(pointIdFor('who-malaria#3')).not.toBe(pointIdFor('who-malaria#4'));
    expect(pointIdFor('who-malaria#3')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

const targets = {
  server: 'Qdrant',
  urlVariable: 'QDRANT_URL',
  startDouble: () => startQdrantDouble(),
  startContainer: startQdrantContainer,
  dockerReachable: await dockerEngineReachable(),
};

describeOnServers('QdrantVectorIndex', targets, (server) => {
  const collection = `cairn-contract-${randomUUID().slice(0, 8)}`;
  const apiKey = server.kind === 'real' ? process.env.QDRANT_API_KEY : undefined;
  if (server.kind === 'real') {
    afterAll(() => new QdrantClient({ url: server.url(), apiKey, checkCompatibility: false }).deleteCollection(collection));
  }
  describeVectorIndexContract(`QdrantVectorIndex (${server.label})`, () =>
    QdrantVectorIndex.connect({ url: server.url(), apiKey, collection, dimensions: CONTRACT_DIMENSIONS }),
  );
  if (server.kind !== 'double') return;
  const double = () => server.double();

  it('creates a cosine collection with payload indexes, and waits for its writes', async () => {
    const index = await QdrantVectorIndex.connect({ url: double().url, collection: 'created', dimensions: 3 });
    await index.upsert([record('a#1', [1, 2, 3])]);
    const paths = double().requests.map((request) => `${request.method} ${request.path}`);
    expect(paths).toEqual(expect.arrayContaining(['PUT /collections/created', 'PUT /collections/created/index']));
    expect(double().requests.find((request) => request.method === 'PUT' && request.path === '/collections/created')?.body).toEqual({
      vectors: { size: 3, distance: 'Cosine' },
    });
    const indexed = double().requests.filter((request) => request.path === '/collections/created/index').map((request) => request.body);
    expect(indexed).toEqual([
      { field_name: 'owner', field_schema: { type: 'keyword', is_tenant: true } },
      { field_name: 'documentId', field_schema: 'keyword' },
      { field_name: 'source', field_schema: 'keyword' },
    ]);
    expect(double().requests.find((request) => request.path === '/collections/created/points')?.params.wait).toBe('true');
  });

  it('without dimensions creates nothing until the first upsert, and answers empty meanwhile', async () => {
    const index = await QdrantVectorIndex.connect({ url: double().url, collection: 'lazy', dimensions: 0 });
    expect(double().requests.some((request) => request.method === 'PUT' && request.path === '/collections/lazy')).toBe(false);
    expect(await index.search({ vector: unit([1, 0]), owners: ['global'], size: 3 })).toEqual([]);
    expect(await index.count()).toBe(0);
    expect(await index.deleteDocuments({ owner: 'global' })).toBe(0);
    await index.upsert([record('b#1', [1, 0])]);
    expect(await index.search({ vector: unit([1, 0]), owners: ['global'], size: 3 })).toEqual([{ id: 'b#1', score: expect.closeTo(1, 5) }]);
    const reopened = await QdrantVectorIndex.connect({ url: double().url, collection: 'lazy', dimensions: 0 });
    expect(await reopened.count({ owner: 'global' })).toBe(1);
  });

  it('refuses a collection whose vector size differs from the embedder, naming both', async () => {
    await QdrantVectorIndex.connect({ url: double().url, collection: 'sized', dimensions: 3 });
    await expect(QdrantVectorIndex.connect({ url: double().url, collection: 'sized', dimensions: 5 })).rejects.toThrow(
      /^Qdrant at http:\/\/127\.0\.0\.1:\d+ \(collection sized\) is not usable: the collection holds 3-dimensional vectors but the embedder gives 5/,
    );
  });

  it("surfaces Qdrant's own error text", async () => {
    const index = await QdrantVectorIndex.connect({ url: double().url, collection: 'strict', dimensions: 3 });
    await expect(index.upsert([record('c#1', [1, 0])])).rejects.toThrow(
      'Qdrant upsert on collection strict failed: 400 Wrong input: Vector dimension error: expected dim: 3, got 2',
    );
  });

  it('sends the API key when given one', async () => {
    const guarded = await startQdrantDouble({ apiKey: 'k3y' });
    try {
      await expect(QdrantVectorIndex.connect({ url: guarded.url, collection: 'x', dimensions: 2 })).rejects.toThrow(/401/);
      const insecureKeyWarning = jest.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        const index = await QdrantVectorIndex.connect({ url: guarded.url, apiKey: 'k3y', collection: 'x', dimensions: 2 });
        await expect(index.ping()).resolves.toBeUndefined();
      } finally {
        insecureKeyWarning.mockRestore();
      }
    } finally {
      await guarded.stop();
    }
  });
});
