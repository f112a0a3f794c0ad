import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { QdrantClient } from '@qdrant/js-client-rest';
import { startQdrantDouble, type QdrantDouble } from './index.js';

describe('Qdrant wire-level test double', () => {
  let double: QdrantDouble;
  let client: QdrantClient;

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(double.url + path, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
  };
  const ids = (points: { id: string | number }[]) => points.map((point) => point.id);

  beforeAll(async () => {
    double = await startQdrantDouble();
    client = new QdrantClient({ url: double.url, checkCompatibility: false });
    await client.createCollection('things', { vectors: { size: 3, distance: 'Cosine' } });
    await client.upsert('things', {
      wait: true,
      points: [
        { id: 1, vector: [2, 0, 0], payload: { owner: 'a', tags: ['red', 'round'], n: 1 } },
        { id: 2, vector: [1, 1, 0], payload: { owner: 'b', tags: ['red'], n: 2 } },
        { id: '6F9619FF-8B86-D011-B42D-00CF4FC964FF', vector: [0, 0, 5], payload: { owner: 'a', tags: [], n: 3 } },
      ],
    });
  });
  afterAll(() => double?.stop());

  it("wraps results in Qdrant's envelope and introduces itself at the root", async () => {
    expect(await call('GET', '/')).toMatchObject({ status: 200, body: { title: 'qdrant - vector search engine', version: expect.stringMatching(/^1\./) } });
    expect(await call('GET', '/collections/things/exists')).toEqual({
      status: 200,
      body: { result: { exists: true }, status: 'ok', time: expect.any(Number) },
    });
    expect((await client.getCollection('things')).config.params.vectors).toEqual({ size: 3, distance: 'Cosine' });
  });

  it('scores by exact cosine, normalising stored and query vectors', async () => {
    const { points } = await client.query('things', { query: [3, 0, 0], limit: 3, with_payload: ['owner'] });
    expect(ids(points)).toEqual([1, 2, '6f9619ff-8b86-d011-b42d-00cf4fc964ff']);
    expect(points.map((point) => point.score)).toEqual([expect.closeTo(1, 6), expect.closeTo(Math.SQRT1_2, 6), expect.closeTo(0, 6)]);
    expect(points[0].payload).toEqual({ owner: 'a' });
    const legacy = await client.search('things', { vector: [0, 1, 0], limit: 1, with_payload: false });
    expect(legacy).toEqual([{ id: 2, version: expect.any(Number), score: expect.closeTo(Math.SQRT1_2, 6) }]);
  });

  it('filters with must, should and must_not over match value, any and except', async () => {
    const matching = async (filter: object) => ids((await client.query('things', { query: [1, 1, 1], filter, limit: 10 })).points).sort();
    expect(await matching({ must: [{ key: 'owner', match: { value: 'a' } }] })).toEqual([1, '6f9619ff-8b86-d011-b42d-00cf4fc964ff']);
    expect(await matching({ should: [{ key: 'owner', match: { any: ['b', 'z'] } }] })).toEqual([2]);
    expect(await matching({ must: [{ key: 'tags', match: { value: 'red' } }], must_not: [{ key: 'owner', match: { value: 'b' } }] })).toEqual([1]);
    expect(await matching({ must: [{ key: 'owner', match: { except: ['a'] } }] })).toEqual([2]);
    expect(await matching({ must: [{ should: [{ has_id: [1] }, { key: 'n', range: { gte: 3 } }] }] })).toEqual([1, '6f9619ff-8b86-d011-b42d-00cf4fc964ff']);
    expect(await matching({ must: [{ key: 'owner', match: { any: [] } }] })).toEqual([]);
    expect((await client.count('things', { filter: { must: [{ key: 'owner', match: { value: 'a' } }] }, exact: true })).count).toBe(2);
  });

  it('deletes by filter and by id', async () => {
    await client.upsert('things', { wait: true, points: [{ id: 10, vector: [1, 2, 3], payload: { owner: 'gone' } }, { id: 11, vector: [1, 2, 3], payload: { owner: 'gone' } }] });
    expect(await client.delete('things', { wait: true, filter: { must: [{ key: 'owner', match: { value: 'gone' } }] } })).toEqual({
      operation_id: expect.any(Number),
      status: 'completed',
    });
    await client.upsert('things', { wait: true, points: [{ id: 12, vector: [1, 2, 3], payload: {} }] });
    await client.delete('things', { wait: true, points: [12] });
    expect((await client.count('things')).count).toBe(3);
  });

  it("gives Qdrant's errors for wrong vector sizes, bad ids, missing collections and unknown fields", async () => {
    expect(await call('PUT', '/collections/things/points?wait=true', { points: [{ id: 5, vector: [1, 2], payload: {} }] })).toEqual({
      status: 400,
      body: { status: { error: 'Wrong input: Vector dimension error: expected dim: 3, got 2' }, time: expect.any(Number) },
    });
    expect(await call('PUT', '/collections/things/points', { points: [{ id: 'chunk#1', vector: [1, 2, 3] }] })).toMatchObject({
      status: 400,
      body: { status: { error: expect.stringContaining('is not a valid point ID') } },
    });
    expect(await call('POST', '/collections/nowhere/points/count', {})).toEqual({
      status: 404,
      body: { status: { error: "Not found: Collection `nowhere` doesn't exist!" }, time: expect.any(Number) },
    });
    expect(await call('PUT', '/collections/things', { vectors: { size: 3, distance: 'Cosine' } })).toMatchObject({ status: 409 });
    expect(await call('POST', '/collections/things/points/query', { query: [1, 0, 0], filter: { mustt: [] } })).toMatchObject({
      status: 400,
      body: { status: { error: expect.stringContaining('unknown field `mustt`') } },
    });
    expect((await call('POST', '/collections/things/points/recommend', {})).status).toBe(404);
    expect((await client.count('things')).count).toBe(3);
  });

  it('guards every request but the health probes with the API key when given one', async () => {
    const guarded = await startQdrantDouble({ apiKey: 'k' });
    try {
      expect((await fetch(`${guarded.url}/collections`)).status).toBe(401);
      expect((await fetch(`${guarded.url}/collections`, { headers: { 'api-key': 'k' } })).status).toBe(200);
      expect((await fetch(`${guarded.url}/readyz`)).status).toBe(200);
    } finally {
      await guarded.stop();
    }
  });
});
