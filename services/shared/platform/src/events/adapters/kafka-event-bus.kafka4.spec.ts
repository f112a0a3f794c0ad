import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createRequire } from 'node:module';
import {
  apiName,
  kafkaApiVersions,
  mockClusterConsumerConfig,
  readApiVersions,
  recordKafkaRequests,
  sendRawRequest,
  startKafkaTestBroker,
  type ApiVersionRange,
  type KafkaProtocol,
  type KafkaTestBroker,
} from '../../../../../../tools/testing/src/kafka/index.js';
import { SqliteDocumentStore } from '../../documents/adapters/sqlite-document-store.adapter.js';
import { describeEventBusContract } from '../event-bus.contract.js';
import { ProcessedEvents } from '../processed-events.js';
import { KafkaEventBus } from './kafka-event-bus.adapter.js';

// Every new consumer group waits for the mock cluster's initial rebalance delay (3 s).
jest.setTimeout(60_000);

const PRODUCE = 0;
const FETCH = 1;
/** What KafkaEventBus uses: producing, consuming in groups, SASL. */
const busApis = [0, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 17, 18, 36];

const acceptedBy = (protocol: KafkaProtocol) => ({ apiKey, apiVersion }: { apiKey: number; apiVersion: number }) =>
  kafkaApiVersions[protocol].some((range) => range.apiKey === apiKey && range.min <= apiVersion && apiVersion <= range.max);
const acceptedBy40 = acceptedBy('kafka-4.0');

const requests = recordKafkaRequests();
let contractBroker: KafkaTestBroker | undefined;

describeEventBusContract(
  'KafkaEventBus on a Kafka 4.0 broker (the mock cluster narrowed to the versions 4.0 accepts)',
  async () => {
    const store = new SqliteDocumentStore(':memory:');
    const processed = new ProcessedEvents(store);
    const broker = await startKafkaTestBroker({ protocol: 'kafka-4.0' });
    contractBroker = broker;
    const open = (name: string) =>
      new KafkaEventBus({
        brokers: broker.brokers,
        clientId: `kafka4-${name}`,
        producer: 'contract',
        processed,
        consumer: mockClusterConsumerConfig,
        retryDelayMs: 50,
        socketFactory: requests.socketFactory,
      });
    const bus = open('bus');
    const peer = open('peer');
    return {
      bus,
      peer,
      close: async () => {
        await Promise.all([bus.close(), peer.close()]);
        await store.close();
        await broker.stop();
      },
    };
  },
  500,
);

describe('kafkajs on Kafka 4.0', () => {
  it('had every API it used served by the narrowed broker', () => {
    expect(contractBroker?.withoutCommonVersion).toEqual([]);
  });

  it('sent only requests in versions Kafka 4.0 accepts, all through the contract suite', () => {
    const sent = requests.sent();
    expect(sent.length).toBeGreaterThan(100);
    expect(sent.filter((request) => !acceptedBy40(request)).map((request) => `${apiName(request.apiKey)} v${request.apiVersion}`)).toEqual([]);
    const versions: Record<string, number[]> = {};
    for (const { apiKey, apiVersion } of sent) versions[apiName(apiKey)] = [...new Set([...(versions[apiName(apiKey)] ?? []), apiVersion])];
    expect(versions).toEqual({
      ApiVersions: [2],
      Metadata: [2],
      Produce: [7],
      Fetch: [11],
      ListOffsets: [3],
      FindCoordinator: [2],
      JoinGroup: [5],
      SyncGroup: [3],
      Heartbeat: [3],
      OffsetFetch: [4],
      OffsetCommit: [5],
      LeaveGroup: [1],
    });
  });

  it.each(['kafka-4.0', 'kafka-4.1'] as const)('picks, for every API it implements, a version a real %s broker accepts (kafkajs\'s own negotiation)', (protocol) => {
    // kafkajs takes the highest version both sides support and never looks at the broker's minimum,
    // so it works with 4.0 only because its own highest versions lie above 4.0's floors.
    const requireKafkajs = createRequire(import.meta.url);
    const { requests: definitions, lookup } = requireKafkajs('kafkajs/src/protocol/requests/index.js') as KafkajsRequests;
    const apiKeys = requireKafkajs('kafkajs/src/protocol/requests/apiKeys.js') as Record<string, number>;
    const advertised = Object.fromEntries(kafkaApiVersions[protocol].map((range) => [range.apiKey, { minVersion: range.min, maxVersion: range.max }]));
    const chosen = Object.entries(definitions)
      .filter(([, definition]) => definition.versions.length > 0)
      .map(([name, definition]) => ({
        apiKey: apiKeys[name],
        apiVersion: lookup(advertised)(apiKeys[name], { versions: definition.versions, protocol: ({ version }) => version }),
      }));
    expect(chosen).toHaveLength(33);
    expect(chosen.filter((request) => !acceptedBy(protocol)(request)).map((request) => `${apiName(request.apiKey)} v${request.apiVersion}`)).toEqual([]);
    expect(Object.fromEntries(chosen.filter(({ apiKey }) => busApis.includes(apiKey)).map(({ apiKey, apiVersion }) => [apiName(apiKey), apiVersion]))).toEqual({
      Produce: 7,
      Fetch: 11,
      ListOffsets: 3,
      Metadata: 6,
      OffsetCommit: 5,
      OffsetFetch: 4,
      FindCoordinator: 2,
      JoinGroup: 5,
      Heartbeat: 3,
      LeaveGroup: 3,
      SyncGroup: 3,
      SaslHandshake: 1,
      ApiVersions: 2,
      SaslAuthenticate: 1,
    });
  });
});

describe('the Kafka test broker narrowed to Kafka 4.0', () => {
  let narrowed: KafkaTestBroker;
  let full: KafkaTestBroker;

  beforeAll(async () => {
    [narrowed, full] = await Promise.all([startKafkaTestBroker({ protocol: 'kafka-4.0', topics: [] }), startKafkaTestBroker({ topics: [] })]);
  });
  afterAll(async () => {
    await Promise.all([narrowed?.stop(), full?.stop()]);
  });

  const listed = (ranges: ApiVersionRange[], apiKey: number) => ranges.find((range) => range.apiKey === apiKey);

  it('lists Produce from v3 and Fetch from v4, as a 4.0 broker accepts them', async () => {
    const ranges = await readApiVersions(narrowed.brokers[0]);
    expect(ranges).toEqual(narrowed.apiVersions);
    expect(listed(ranges, PRODUCE)).toEqual({ apiKey: PRODUCE, min: 3, max: 7 });
    expect(listed(ranges, FETCH)).toEqual({ apiKey: FETCH, min: 4, max: 11 });
    expect(listed(await readApiVersions(full.brokers[0]), PRODUCE)).toEqual({ apiKey: PRODUCE, min: 0, max: 7 });
  });

  it('refuses Produce v2 and Fetch v3, which Kafka 4.0 removed, and answers Produce v3 and Fetch v4', async () => {
    const [address] = narrowed.brokers;
    expect(await sendRawRequest(address, PRODUCE, 2, emptyProduce(2))).toBeNull();
    expect(await sendRawRequest(address, FETCH, 3, emptyFetch(3))).toBeNull();
    expect(await sendRawRequest(address, PRODUCE, 3, emptyProduce(3))).toBeInstanceOf(Buffer);
    expect(await sendRawRequest(address, FETCH, 4, emptyFetch(4))).toBeInstanceOf(Buffer);
  });

  it('refuses them because of the narrowing: the full mock cluster answers the same requests', async () => {
    const [address] = full.brokers;
    expect(await sendRawRequest(address, PRODUCE, 2, emptyProduce(2))).toBeInstanceOf(Buffer);
    expect(await sendRawRequest(address, FETCH, 3, emptyFetch(3))).toBeInstanceOf(Buffer);
  });
});

interface KafkajsRequests {
  requests: Record<string, { versions: string[] }>;
  lookup: (
    versions: Record<number, { minVersion: number; maxVersion: number }>,
  ) => (apiKey: number, definition: { versions: string[]; protocol: (options: { version: number }) => number }) => number;
}

/** A Produce request for no topic (acks 1): v3 added the transactional id. */
function emptyProduce(version: 2 | 3): Buffer {
  const body = Buffer.alloc(10);
  body.writeInt16BE(1, 0);
  body.writeInt32BE(1_000, 2);
  body.writeInt32BE(0, 6);
  return version >= 3 ? Buffer.concat([int16(-1), body]) : body;
}

/** A Fetch request for no partition that does not wait: v4 added the isolation level. */
function emptyFetch(version: 3 | 4): Buffer {
  const body = Buffer.alloc(16);
  body.writeInt32BE(-1, 0);
  body.writeInt32BE(0, 4);
  body.writeInt32BE(0, 8);
  body.writeInt32BE(1_048_576, 12);
  const topics = Buffer.alloc(4);
  return Buffer.concat(version >= 4 ? [body, Buffer.from([0]), topics] : [body, topics]);
}

function int16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeInt16BE(value);
  return buffer;
}
