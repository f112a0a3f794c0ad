import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@elastic/elasticsearch';
import { porterStem } from '@cairn/rules';
import { analyze } from './english-analyzer.js';
import { startElasticsearchDouble, type ElasticsearchDouble } from './index.js';

describe('English analyzer of the Elasticsearch double', () => {
  it("stems like Porter's algorithm", () => {
    const samples: Record<string, string> = {
      caresses: 'caress',
      ponies: 'poni',
      cats: 'cat',
      agreed: 'agre',
      hopping: 'hop',
      filing: 'file',
      happy: 'happi',
      relational: 'relat',
      generalizations: 'gener',
      vaccinations: 'vaccin',
      vaccination: 'vaccin',
      treatments: 'treatment',
    };
    expect(Object.fromEntries(Object.keys(samples).map((word) => [word, porterStem(word)]))).toEqual(samples);
  });

  it('drops possessives and English stop words, and keeps the standard analyzer unstemmed', () => {
    expect(analyze("The patient's fevers are NOT treated.", 'english')).toEqual(['patient', 'fever', 'treat']);
    expect(analyze('The Fevers', 'standard')).toEqual(['the', 'fevers']);
  });
});

describe('Elasticsearch wire-level test double', () => {
  let double: ElasticsearchDouble;
  let client: Client;

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(double.url + path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  };
  const ndjson = (lines: unknown[]) => `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
  const english = { type: 'text', analyzer: 'english' } as const;

  beforeAll(async () => {
    double = await startElasticsearchDouble({ refreshIntervalMs: -1 });
    client = new Client({ node: double.url });
    await client.indices.create({
      index: 'docs',
      mappings: { dynamic: 'strict', properties: { owner: { type: 'keyword' }, title: english, body: english } },
    });
    await client.bulk({
      refresh: true,
      operations: [
        { index: { _index: 'docs', _id: 'short' } }, { owner: 'a', title: 'Notes', body: 'apple' },
        { index: { _index: 'docs', _id: 'long' } }, { owner: 'b', title: 'Notes', body: 'apple banana' },
        { index: { _index: 'docs', _id: 'other' } }, { owner: 'a', title: 'Apple', body: 'cherry' },
      ],
    });
  });
  afterAll(async () => {
    await client?.close();
    await double?.stop();
  });

  it('introduces itself as Elasticsearch, with the product header the client checks', async () => {
    const info = await call('GET', '/');
    expect(info.headers.get('x-elastic-product')).toBe('Elasticsearch');
    expect(info.body).toMatchObject({ version: { number: expect.stringMatching(/^9\./) }, tagline: 'You Know, for Search' });
    expect(await client.ping()).toBe(true);
  });

  it("scores a match with Lucene's BM25 (k1 1.2, b 0.75), shorter fields first", async () => {
    const { hits } = await client.search({ index: 'docs', query: { match: { body: 'apples' } } });
    expect(hits.hits.map((hit) => hit._id)).toEqual(['short', 'long']);
    const idf = Math.log(1 + (3 - 2 + 0.5) / (2 + 0.5));
    const averageLength = (1 + 2 + 1) / 3;
    expect(hits.hits[0]._score).toBeCloseTo(idf / (1 + 1.2 * (0.25 + (0.75 * 1) / averageLength)), 6);
  });

  it('boosts fields, taking the best field for best_fields and the sum for most_fields', async () => {
    await client.indices.create({ index: 'fields', mappings: { properties: { title: english, body: english } } });
    await client.bulk({
      refresh: 'wait_for',
      operations: [
        { index: { _index: 'fields', _id: 'both' } }, { title: 'Apple pie', body: 'apple' },
        { index: { _index: 'fields', _id: 'neither' } }, { title: 'Cherry pie', body: 'cherry' },
      ],
    });
    const score = async (query: object) => (await client.search({ index: 'fields', query })).hits.hits[0]._score!;
    const multi = (type: 'best_fields' | 'most_fields') => ({ multi_match: { query: 'apple', fields: ['title^2', 'body'], type } });
    const title = await score({ match: { title: 'apple' } });
    const body = await score({ match: { body: 'apple' } });
    expect(await score(multi('best_fields'))).toBeCloseTo(Math.max(2 * title, body), 6);
    expect(await score(multi('most_fields'))).toBeCloseTo(2 * title + body, 6);
  });

  it('matches within the edits fuzziness allows, below exact matches, and suggests terms from a copy_to field', async () => {
    await client.indices.create({
      index: 'typos',
      mappings: { properties: { body: { type: 'text', analyzer: 'english', copy_to: 'words' }, words: { type: 'text', analyzer: 'standard' } } },
    });
    await client.bulk({
      refresh: 'wait_for',
      operations: [
        { index: { _index: 'typos', _id: 'exact' } }, { body: 'malaria' },
        { index: { _index: 'typos', _id: 'near' } }, { body: 'malarial' },
        { index: { _index: 'typos', _id: 'far' } }, { body: 'tuberculosis' },
      ],
    });
    const ranked = async (query: string, fuzziness: string, prefix_length = 0) =>
      (await client.search({ index: 'typos', query: { multi_match: { query, fields: ['body'], fuzziness, prefix_length } } })).hits.hits.map((hit) => hit._id);
    expect(await ranked('malaria', 'AUTO:4,8')).toEqual(['exact', 'near']);
    expect(await ranked('tubrclosis', 'AUTO:4,8')).toEqual(['far']);
    expect(await ranked('tubrclosis', '1')).toEqual([]);
    expect(await ranked('nalaria', 'AUTO', 1)).toEqual([]);
    const suggestions = await client.search({
      index: 'typos',
      size: 0,
      suggest: { fix: { text: 'maleria tuberculosis', term: { field: 'words', suggest_mode: 'missing', max_edits: 2 } } },
    });
    expect(suggestions.suggest?.fix).toEqual([
      { text: 'maleria', offset: 0, length: 7, options: [{ text: 'malaria', score: expect.closeTo(1 - 1 / 7, 6), freq: 1 }, { text: 'malarial', score: 0.75, freq: 1 }] },
      { text: 'tuberculosis', offset: 8, length: 12, options: [] },
    ]);
  });

  it('filters by terms without scoring, and honours should, must_not and minimum_should_match', async () => {
    const ids = async (query: object) =>
      (await client.search({ index: 'docs', query, _source: false })).hits.hits.map((hit) => [hit._id, hit._score]);
    expect(await ids({ bool: { filter: [{ terms: { owner: ['a'] } }] } })).toEqual([['short', 0], ['other', 0]]);
    expect(await ids({ bool: { filter: [{ terms: { owner: [] } }] } })).toEqual([]);
    const fruit = { multi_match: { query: 'banana cherry', fields: ['body'] } };
    expect((await ids({ bool: { filter: [{ term: { owner: 'a' } }], should: [fruit], minimum_should_match: 1 } })).map(([id]) => id)).toEqual(['other']);
    expect((await ids({ bool: { should: [fruit], must_not: [{ term: { owner: 'b' } }] } })).map(([id]) => id)).toEqual(['other']);
  });

  it('hides writes from search until a refresh, while mget reads them at once', async () => {
    await client.bulk({ operations: [{ index: { _index: 'docs', _id: 'late' } }, { owner: 'z', title: 'Late', body: 'durian' }] });
    expect((await client.count({ index: 'docs', query: { term: { owner: 'z' } } })).count).toBe(0);
    expect((await client.mget({ index: 'docs', ids: ['late', 'nope'] })).docs).toEqual([
      expect.objectContaining({ _id: 'late', found: true, _source: { owner: 'z', title: 'Late', body: 'durian' } }),
      { _index: 'docs', _id: 'nope', found: false },
    ]);
    await client.indices.refresh({ index: 'docs' });
    expect((await client.count({ index: 'docs', query: { term: { owner: 'z' } } })).count).toBe(1);
    const deleted = await client.deleteByQuery({ index: 'docs', query: { term: { owner: 'z' } }, refresh: true });
    expect(deleted).toMatchObject({ deleted: 1, total: 1, failures: [] });
    expect((await client.count({ index: 'docs' })).count).toBe(3);
  });

  it('reports per-item bulk errors, such as fields a strict mapping does not allow', async () => {
    const response = await client.bulk({
      operations: [{ index: { _index: 'docs', _id: 'bad' } }, { owner: 'a', colour: 'red' }, { delete: { _index: 'docs', _id: 'missing' } }],
    });
    expect(response.errors).toBe(true);
    expect(response.items[0].index).toMatchObject({ status: 400, error: { type: 'strict_dynamic_mapping_exception' } });
    expect(response.items[1].delete).toMatchObject({ status: 404, result: 'not_found' });
  });

  it('answers with Elasticsearch-shaped errors', async () => {
    const unknownEndpoint = await call('GET', '/docs/_explode');
    expect(unknownEndpoint.status).toBe(400);
    expect(unknownEndpoint.body).toMatchObject({
      error: { type: 'illegal_argument_exception', root_cause: [{ type: 'illegal_argument_exception' }] },
      status: 400,
    });
    expect(await call('POST', '/nowhere/_search', {})).toMatchObject({ status: 404, body: { error: { type: 'index_not_found_exception', index: 'nowhere' } } });
    expect(await call('POST', '/docs/_search', { query: { fuzzy: { body: 'x' } } })).toMatchObject({
      status: 400,
      body: { error: { type: 'parsing_exception', reason: 'unknown query [fuzzy]' } },
    });
    expect(await call('POST', '/_bulk', ndjson([{ index: { _index: 'docs' } }, { owner: 'a' }]).trimEnd())).toMatchObject({
      status: 400,
      body: { error: { reason: 'The bulk request must be terminated by a newline [\\n]' } },
    });
    expect(await call('PUT', '/docs', {})).toMatchObject({ status: 400, body: { error: { type: 'resource_already_exists_exception' } } });
    expect((await call('DELETE', '/docs/_search')).status).toBe(405);
    await expect(client.search({ index: 'docs', query: { match_all: {} }, sort: ['title'] })).rejects.toThrow(/keyword fields only/);
  });

  it('sorts on a keyword field and pages with search_after, as scanning an index does', async () => {
    const page = await client.search({ index: 'docs', query: { match_all: {} }, sort: [{ owner: 'asc' }], search_after: ['a'], _source: false });
    expect(page.hits.hits.map((hit) => [hit._id, hit.sort, hit._score])).toEqual([['long', ['b'], null]]);
    const all = await client.search({ index: 'docs', query: { match_all: {} }, sort: [{ owner: { order: 'desc' } }], _source: false });
    expect(all.hits.hits.map((hit) => hit.sort)).toEqual([['b'], ['a'], ['a']]);
    await expect(client.search({ index: 'docs', query: { match_all: {} }, search_after: ['a'] })).rejects.toThrow(/without \[sort\]/);
  });
});
