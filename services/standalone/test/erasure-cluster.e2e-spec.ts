import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { resolve } from 'node:path';
import {
  CLUSTER_SERVICES,
  elasticsearchDocumentsMentioning,
  eventually,
  mongoDocumentsMentioning,
  qdrantPointsMentioning,
  requestJson,
  startCairnCluster,
  type CairnCluster,
} from '@cairn/testing';
import { erasureJourney } from './erasure-journey.js';
import { otherFilesMentioning, sqliteRowsMentioning } from './erasure-traces.js';

describe('deleting an account erases every trace of it in every service (cluster: six processes over Kafka, MongoDB + GridFS, Elasticsearch, Qdrant)', () => {
  let cluster: CairnCluster;

  beforeAll(async () => {
    cluster = await startCairnCluster({ root: resolve(import.meta.dirname, '../../..') });
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  /** Where a needle is found: a collection, an index, a Qdrant collection, or a file of a service. */
  const tracesOf = async (needles: string[]) => {
    const { mongoUrl, elasticsearchUrl, qdrantUrl } = cluster.backends;
    const files = CLUSTER_SERVICES.flatMap((name) => {
      const dir = cluster.services[name].dataDir;
      return [...sqliteRowsMentioning(dir, needles), ...otherFilesMentioning(dir, needles)].map((path) => `${name}: ${path}`);
    });
    return [
      ...(await mongoDocumentsMentioning(mongoUrl, needles)),
      ...(await elasticsearchDocumentsMentioning(elasticsearchUrl, ['cairn-chunks'], needles)),
      ...(await qdrantPointsMentioning(qdrantUrl, needles)),
      ...files,
    ];
  };

  it('leaves no document, chunk, index entry, point or file with the uid or the e-mail, while another user keeps everything', async () => {
    const request = (method: string, path: string, options?: { token?: string; body?: unknown }) => requestJson(`${cluster.url}/api${path}`, method, options);
    const journey = erasureJourney(`${cluster.url}/api`, request);
    const leaving = await journey.signUp('Leaving');
    const staying = await journey.signUp('Staying');
    for (const user of [leaving, staying]) await journey.leaveTraces(user);
    const needles = [leaving.uid, leaving.email];
    const kept = [staying.uid, staying.email];
    const everywhere = ['cairn_accounts.identities', 'cairn_accounts.sessions', 'cairn_conversations.conversations', 'cairn_saved_protocols.saved_protocols', 'cairn_uploads.user_protocols', 'cairn_blobs.blobs.chunks', 'cairn-chunks', 'qdrant:cairn-chunks'];
    const indexed = (traces: string[]) => everywhere.every((trace) => traces.includes(trace));
    expect(await eventually(() => tracesOf(needles), indexed)).toEqual(expect.arrayContaining(everywhere));
    const keptBefore = await eventually(() => tracesOf(kept), indexed);
    expect(keptBefore).toEqual(expect.arrayContaining(everywhere));

    await journey.deleteAccount(leaving);

    expect(await eventually(() => tracesOf(needles), (left) => left.length === 0, 30_000)).toEqual([]);
    expect((await tracesOf(kept)).sort()).toEqual(keptBefore.sort());
    expect((await journey.client.protocols(staying)).body.total).toBeGreaterThan(0);
    expect((await request('GET', `/conversations/${staying.uid}?limit=10`, { token: staying.token })).body).not.toEqual([]);
    expect(Object.keys(cluster.forwarded()).sort()).toEqual([...CLUSTER_SERVICES].sort());
  }, 240_000);
});
