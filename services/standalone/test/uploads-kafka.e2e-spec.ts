import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually, signUpTestUser, startKafkaTestBroker, startTestApp, type KafkaTestBroker, type TestApp } from '@cairn/testing';
import { StandaloneModule } from '../src/index.js';
import { guidelinePdf } from './uploads-fixtures.js';
import { settled, uploadsClient } from './uploads-client.js';

describe('the upload event flow over Kafka (librdkafka mock cluster)', () => {
  let broker: KafkaTestBroker;
  let server: TestApp;

  beforeAll(async () => {
    broker = await startKafkaTestBroker();
    server = await startTestApp((config) => StandaloneModule.forRoot(config), {
      service: 'standalone',
      prefix: 'api',
      env: { EVENT_BUS: 'kafka', KAFKA_BROKERS: broker.brokers.join(','), EMBEDDER: 'none' },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await broker?.stop();
  }, 60_000);

  it('upload.extracted → upload.generated → protocol.approved → search, then protocol.deleted', async () => {
    const client = uploadsClient(server.url, server.request);
    const user = await signUpTestUser(server);
    const started = await client.upload(user, 'snakebite.pdf', guidelinePdf());
    expect(started.status).toBe(202);
    const status = await client.waitFor(user, started.body.upload_id, settled, 90_000);
    expect(status).toMatchObject({ status: 'awaiting_approval', protocols_extracted: 2 });
    expect((await client.approve(user, started.body.upload_id)).body.protocols_indexed).toBe(2);
    const protocolCount = async () => (await client.protocols(user)).body.total;
    expect(await protocolCount()).toBe(2);
    const bothIndexed = (response: { body: { hits: { source: { title: string } }[] } }) =>
      ['Antivenom treatment', 'Snakebite first aid'].every((title) => response.body.hits.some((hit) => hit.source.title === title));
    const found = await eventually(() => client.search(user, 'Antivenom treatment snakebite first aid', 'user_only'), bothIndexed, 60_000);
    expect(bothIndexed(found)).toBe(true);
    expect((await client.search(user, 'Antivenom treatment', 'user_only')).body.hits[0].source.title).toBe('Antivenom treatment');
    const antivenom = (await client.protocols(user)).body.protocols.find((p: { title: string }) => p.title === 'Antivenom treatment');
    await server.request('DELETE', `/users/${user.uid}/protocols/${antivenom.id}`, { token: user.token });
    const gone = await eventually(
      () => client.search(user, 'Antivenom treatment anti-snake venom', 'user_only'),
      (response) => response.body.hits.every((hit: { source: { title: string } }) => hit.source.title !== 'Antivenom treatment'),
      60_000,
    );
    expect(gone.body.hits.map((hit: { source: { title: string } }) => hit.source.title)).not.toContain('Antivenom treatment');
  }, 180_000);
});
