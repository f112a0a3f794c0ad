import { afterAll, expect, it } from '@jest/globals';
import { Client } from '@elastic/elasticsearch';
import { randomUUID } from 'node:crypto';
import { dockerEngineReachable, startElasticsearchContainer, startElasticsearchDouble } from '@cairn/testing';
import { describeOnServers } from '@cairn/testing/suites';
import { chunk, describeKeywordIndexContract } from '../keyword-index.contract.js';
import { ElasticsearchKeywordIndex } from './elasticsearch-keyword-index.adapter.js';

const targets = {
  server: 'Elasticsearch',
  urlVariable: 'ELASTICSEARCH_URL',
  startDouble: () => startElasticsearchDouble({ refreshIntervalMs: -1 }),
  startContainer: startElasticsearchContainer,
  dockerReachable: await dockerEngineReachable(),
};

describeOnServers('ElasticsearchKeywordIndex', targets, (server) => {
  const index = `cairn-contract-${randomUUID().slice(0, 8)}`;
  if (server.kind === 'real') {
    afterAll(async () => {
      const client = new Client({ node: server.url() });
      await client.indices.delete({ index }, { ignore: [404] });
      await client.close();
    });
  }
  describeKeywordIndexContract(`ElasticsearchKeywordIndex (${server.label})`, () => ElasticsearchKeywordIndex.connect({ url: server.url(), index }));
  if (server.kind !== 'double') return;
  const double = () => server.double();

  it('creates the index once, with a strict mapping and one shard', async () => {
    const index = 'cairn-created';
    await (await ElasticsearchKeywordIndex.connect({ url: double().url, index })).close();
    await (await ElasticsearchKeywordIndex.connect({ url: double().url, index })).close();
    const creations = double().requests.filter((request) => request.method === 'PUT' && request.path === `/${index}`);
    expect(creations).toHaveLength(1);
    expect(JSON.parse(creations[0].body)).toMatchObject({
      settings: { number_of_shards: 1 },
      mappings: { dynamic: 'strict', properties: { owner: { type: 'keyword' }, body: { type: 'text', analyzer: 'english' } } },
    });
  });

  it('finds chunks by their topics, and writes wait for a refresh', async () => {
    const index = await ElasticsearchKeywordIndex.connect({ url: double().url, index: 'cairn-topics' });
    await index.upsert([chunk({ id: 'd#1', owner: 'global', title: 'Fever', topics: ['leishmaniasis'] })]);
    expect(await index.search({ terms: ['leishmaniasis'], owners: ['global'], size: 5 })).toEqual([
      { id: 'd#1', score: expect.any(Number) },
    ]);
    const bulk = double().requests.find((request) => request.path === '/_bulk');
    expect(bulk?.params.refresh).toBe('wait_for');
    await index.close();
  });

  it('names the server and the index when the index cannot be created, without credentials', async () => {
    const { port } = new URL(double().url);
    await expect(
      ElasticsearchKeywordIndex.connect({ url: `http://elastic:secret@127.0.0.1:${port}/`, index: 'Cairn-Chunks' }),
    ).rejects.toThrow(
      new RegExp(`^Elasticsearch at http://127\\.0\\.0\\.1:${port} \\(index Cairn-Chunks\\) is not usable: invalid_index_name_exception(?!.*secret)`),
    );
  });
});
