import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as tls from 'node:tls';
import { fetchTrusting, readCaBundle } from '@cairn/platform';
import {
  createTestCertificates,
  startElasticsearchDouble,
  startHttpsFront,
  startOpenAiDouble,
  startQdrantDouble,
  type TestCertificates,
} from '@cairn/testing';
import { loadSearchConfig } from './config/search-config.js';
import { OpenAiEmbedder } from './embedding/adapters/openai-embedder.adapter.js';
import { ElasticsearchKeywordIndex } from './keyword/adapters/elasticsearch-keyword-index.adapter.js';
import { QdrantVectorIndex } from './vector/adapters/qdrant-vector-index.adapter.js';

/** Qdrant's client takes no CA of its own, so its CA joins the process's trust: tls.setDefaultCACertificates. */
const defaultTrust = tls as { getCACertificates?: (type: 'default') => string[]; setDefaultCACertificates?: (certificates: string[]) => void };
const processWideTrust = typeof defaultTrust.setDefaultCACertificates === 'function';

describe("search's backends behind TLS with a hospital's private CA", () => {
  let certificates: TestCertificates;
  let ca: string[];

  beforeAll(() => {
    certificates = createTestCertificates();
    ca = readCaBundle('TEST_CA_FILE', certificates.caFile)!;
  });
  afterAll(() => certificates.remove());

  describe('Elasticsearch (ECK issues its own CA)', () => {
    const stops: (() => Promise<void>)[] = [];
    let url: string;
    let headers: () => Record<string, unknown>[];

    beforeAll(async () => {
      const double = await startElasticsearchDouble();
      const front = await startHttpsFront(double.url, certificates);
      stops.push(double.stop, front.stop);
      url = front.url;
      headers = () => front.headers as Record<string, unknown>[];
    });
    afterAll(() => Promise.all(stops.map((stop) => stop())));

    it('connects with ELASTICSEARCH_CA_FILE and sends user and password as Basic credentials', async () => {
      const index = await ElasticsearchKeywordIndex.connect({ url, index: 'cairn-tls-basic', ca, auth: { username: 'elastic', password: 's3cret' } });
      await index.ping();
      await index.close();
      expect(headers().at(-1)?.authorization).toBe(`Basic ${Buffer.from('elastic:s3cret').toString('base64')}`);
    });

    it('sends an API key as ApiKey credentials', async () => {
      const index = await ElasticsearchKeywordIndex.connect({ url, index: 'cairn-tls-key', ca, auth: { apiKey: 'a2V5OnNlY3JldA==' } });
      await index.close();
      expect(headers().at(-1)?.authorization).toBe('ApiKey a2V5OnNlY3JldA==');
    });

    it('refuses the cluster when its CA is not given', async () => {
      await expect(ElasticsearchKeywordIndex.connect({ url, index: 'cairn-tls-none' })).rejects.toThrow(/is not usable: .*(certificate|self-signed)/i);
    });
  });

  it('refuses credentials inside ELASTICSEARCH_URL and half a user/password pair, naming the variables', () => {
    expect(() => loadSearchConfig({ SEARCH_KEYWORD_INDEX: 'elasticsearch', ELASTICSEARCH_URL: 'https://elastic:pw@es:9200' })).toThrow(
      /ELASTICSEARCH_URL: must not hold credentials/,
    );
    expect(() => loadSearchConfig({ ELASTICSEARCH_USERNAME: 'elastic' })).toThrow(/ELASTICSEARCH_PASSWORD: and ELASTICSEARCH_USERNAME are set together/);
    expect(() => loadSearchConfig({ ELASTICSEARCH_API_KEY: 'k', ELASTICSEARCH_USERNAME: 'u', ELASTICSEARCH_PASSWORD: 'p' })).toThrow(/ELASTICSEARCH_API_KEY: or ELASTICSEARCH_USERNAME/);
  });

  it('embeds through an OpenAI-compatible endpoint with OPENAI_CA_FILE, and not without it', async () => {
    const double = await startOpenAiDouble({ apiKey: 'sk-tls' });
    const front = await startHttpsFront(double.url, certificates);
    try {
      const baseURL = `${front.url}/v1`;
      const trusted = new OpenAiEmbedder({ baseURL, apiKey: 'sk-tls', model: 'text-embedding-3-small', dimensions: 16, fetch: fetchTrusting(ca) });
      expect(await trusted.embedQuery('dengue warning signs')).toHaveLength(16);
      const untrusted = new OpenAiEmbedder({ baseURL, apiKey: 'sk-tls', model: 'text-embedding-3-small', dimensions: 16, timeoutMs: 2000 });
      await expect(untrusted.embedQuery('dengue warning signs')).rejects.toThrow();
    } finally {
      await front.stop();
      await double.stop();
    }
  });

  (processWideTrust ? it : it.skip)('reaches Qdrant with QDRANT_CA_FILE (runs on Node 22.19+/24, which can extend the default trust)', async () => {
    const double = await startQdrantDouble();
    const front = await startHttpsFront(double.url, certificates);
    const trustedBefore = defaultTrust.getCACertificates!('default');
    try {
      const index = await QdrantVectorIndex.connect({ url: front.url, ca, collection: 'cairn-tls', dimensions: 4 });
      await index.ping();
      await index.close();
    } finally {
      defaultTrust.setDefaultCACertificates!(trustedBefore);
      await front.stop();
      await double.stop();
    }
  });

  (processWideTrust ? it.skip : it)('says QDRANT_CA_FILE needs a newer Node where the runtime cannot extend its trust (Node 20)', async () => {
    await expect(QdrantVectorIndex.connect({ url: 'https://127.0.0.1:1', ca, collection: 'cairn-tls', dimensions: 4 })).rejects.toThrow(
      /QDRANT_CA_FILE needs Node 22.19 or later/,
    );
  });
});
