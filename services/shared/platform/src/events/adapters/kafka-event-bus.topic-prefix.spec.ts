import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Topics } from '@cairn/contracts';
import { Kafka, logLevel, type KafkaMessage } from 'kafkajs';
import { mockClusterConsumerConfig, startKafkaTestBroker, type KafkaTestBroker } from '../../../../../../tools/testing/src/kafka/index.js';
import { eventually } from '../../../../../../tools/testing/src/poll.js';
import { SqliteDocumentStore } from '../../documents/adapters/sqlite-document-store.adapter.js';
import type { EventEnvelope } from '../event-bus.port.js';
import { ProcessedEvents } from '../processed-events.js';
import { KafkaEventBus } from './kafka-event-bus.adapter.js';

// Every new consumer group waits for the mock cluster's initial rebalance delay (3 s).
jest.setTimeout(60_000);

const PREFIX = 'cairn.';

describe('KafkaEventBus with a topic prefix', () => {
  let broker: KafkaTestBroker;
  let bus: KafkaEventBus;
  let kafka: Kafka;

  beforeAll(async () => {
    broker = await startKafkaTestBroker({ topicPrefix: PREFIX });
    bus = new KafkaEventBus({
      brokers: broker.brokers,
      clientId: 'prefixed',
      producer: 'test',
      processed: new ProcessedEvents(new SqliteDocumentStore(':memory:')),
      consumer: mockClusterConsumerConfig,
      retryDelayMs: 20,
      deadLetterAfter: 2,
      topicPrefix: PREFIX,
    });
    kafka = new Kafka({ brokers: broker.brokers, clientId: 'prefix-reader', logLevel: logLevel.NOTHING });
  });
  afterAll(async () => {
    await bus?.close();
    await broker?.stop();
  });

  const readAll = async (topic: string, count: number) => {
    const consumer = kafka.consumer({ groupId: 'prefix-reader', ...mockClusterConsumerConfig });
    const read: KafkaMessage[] = [];
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await consumer.run({ eachMessage: async ({ message }) => void read.push(message) });
    await eventually(async () => read.length, (n) => n >= count, 30_000);
    await consumer.disconnect();
    return read;
  };

  it('round-trips an event through <prefix><topic> in group <prefix><group>, and dead-letters to <prefix><topic>.dlq', async () => {
    const handled: EventEnvelope<typeof Topics.userSignedOut.schema>[] = [];
    await bus.subscribe(Topics.userSignedOut, 'sessions', async (event) => {
      if (event.payload.sessionId === 'poison') throw new Error('cannot end this session');
      handled.push(event);
    });
    await bus.publish(Topics.userSignedOut, { userId: 'u1', sessionId: 'poison' }, { key: 'u1' });
    await bus.publish(Topics.userSignedOut, { userId: 'u1', sessionId: 'kept' }, { key: 'u1' });

    await eventually(async () => handled, (events) => events.length > 0, 30_000);
    expect(handled.map((event) => [event.type, event.payload.sessionId])).toEqual([['user.signed-out', 'kept']]);

    const [letter] = await readAll(`${PREFIX}user.signed-out.dlq`, 1);
    const headers = Object.fromEntries(Object.entries(letter.headers ?? {}).map(([name, value]) => [name, String(value)]));
    expect(headers).toMatchObject({ 'cairn-topic': 'cairn.user.signed-out', 'cairn-group': 'cairn.sessions', 'cairn-error': 'cannot end this session' });

    const admin = kafka.admin();
    await admin.connect();
    try {
      const [committed] = await admin.fetchOffsets({ groupId: `${PREFIX}sessions`, topics: [`${PREFIX}user.signed-out`] });
      expect(committed.partitions.map((partition) => Number(partition.offset)).reduce((sum, offset) => sum + Math.max(offset, 0), 0)).toBe(2);
      expect((await admin.listTopics()).filter((topic) => !topic.startsWith(PREFIX))).toEqual([]);
    } finally {
      await admin.disconnect();
    }
  });
});
