import { randomUUID } from 'node:crypto';
import { startElasticsearchDouble, startQdrantDouble, type ElasticsearchDouble, type QdrantDouble } from '@cairn/testing';
import { afterAll, beforeAll } from '@jest/globals';
import { ElasticsearchKeywordIndex } from '../keyword/adapters/elasticsearch-keyword-index.adapter.js';
import { SqliteKeywordIndex } from '../keyword/adapters/sqlite-keyword-index.adapter.js';
import { QdrantVectorIndex } from '../vector/adapters/qdrant-vector-index.adapter.js';
import { SqliteVectorIndex } from '../vector/adapters/sqlite-vector-index.adapter.js';
import { describeSearchFusionContract } from './search-fusion.contract.js';

describeSearchFusionContract('SqliteKeywordIndex + SqliteVectorIndex', async () => ({
  keywords: new SqliteKeywordIndex(':memory:'),
  vectors: new SqliteVectorIndex(':memory:'),
}));

let elasticsearch: ElasticsearchDouble;
let qdrant: QdrantDouble;
beforeAll(async () => {
  [elasticsearch, qdrant] = await Promise.all([startElasticsearchDouble({ refreshIntervalMs: -1 }), startQdrantDouble()]);
});
afterAll(async () => {
  await Promise.all([elasticsearch?.stop(), qdrant?.stop()]);
});

describeSearchFusionContract('ElasticsearchKeywordIndex + QdrantVectorIndex (wire-level doubles)', async () => ({
  keywords: await ElasticsearchKeywordIndex.connect({ url: elasticsearch.url, index: `cairn-fusion-${randomUUID().slice(0, 8)}` }),
  vectors: await QdrantVectorIndex.connect({ url: qdrant.url, collection: `cairn-fusion-${randomUUID().slice(0, 8)}`, dimensions: 0 }),
}));
