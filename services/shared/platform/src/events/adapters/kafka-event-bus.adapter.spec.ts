import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Topics } from '@cairn/contracts';
import { Kafka, logLevel, type KafkaMessage } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { mockClusterConsumerConfig, startKafkaTestBroker, type KafkaTestBroker } from '../../../../../../tools/testing/src/kafka/index.js';
import { eventually } from '../../../../../../tools/testing/src/poll.js';
import { SqliteDocumentStore } from '../../documents/adapters/sqlite-document-store.adapter.js';
import { describeEventBusContract } from '../event-bus.contract.js';
import { ProcessedEvents } from '../processed-events.js';
import { deadLetterTopic, KafkaEventBus } from './kafka-event-bus.adapter.js';

// Every new consumer group waits for the mock cluster's initial rebalance delay (3 s).
jest.setTimeout(60_000);

describeEventBusContract(
  'KafkaEventBus (librdkafka mock cluster)',
  async () => {
    // Two processes of one service share its database, and so its record of processed events.
    const store = new SqliteDocumentStore(':memory:');
    const processed = new ProcessedEvents(store);
    const broker = await startKafkaTestBroker();
    const open = (name: string) =>
      new KafkaEventBus({
        brokers: broker.brokers,
        clientId: `contract-${name}`,
        producer: 'contract',
        processed,
        consumer: mockClusterConsumerConfig,
        retryDelayMs: 50,
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

describe('KafkaEventBus dead letters', () => {
  let broker: KafkaTestBroker;
  let bus: KafkaEventBus;
  let kafka: Kafka;

  beforeAll(async () => {
    broker = await startKafkaTestBroker();
    bus = new KafkaEventBus({
      brokers: broker.brokers,
      clientId: 'dead-letters',
      producer: 'test',
      processed: new ProcessedEvents(new SqliteDocumentStore(':memory:')),
      consumer: mockClusterConsumerConfig,
      retryDelayMs: 20,
      deadLetterAfter: 3,
    });
    kafka = new Kafka({ brokers: broker.brokers, clientId: 'dead-letter-reader', logLevel: logLevel.NOTHING });
  });
  afterAll(async () => {
    await bus.close();
    await broker.stop();
  });

  const deadLetters = async (topic: string, count: number) => {
    const consumer = kafka.consumer({ groupId: `reader-${randomUUID()}`, ...mockClusterConsumerConfig });
    const read: KafkaMessage[] = [];
    await consumer.connect();
    await consumer.subscribe({ topics: [deadLetterTopic(topic)], fromBeginning: true });
    await consumer.run({ eachMessage: async ({ message }) => void read.push(message) });
    await eventually(async () => read.length, (n) => n >= count, 30_000);
    await consumer.disconnect();
    return read.map((message) => Object.fromEntries(Object.entries(message.headers ?? {}).map(([name, value]) => [name, String(value)])));
  };

  it('moves an undecodable event and one its handler keeps refusing to <topic>.dlq, and goes on with the next', async () => {
    const handled: string[] = [];
    await bus.subscribe(Topics.userSignedOut, 'sessions', async (event) => {
      if (event.payload.sessionId === 'poison') throw new Error('cannot end this session');
      handled.push(event.payload.sessionId);
    });
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic: Topics.userSignedOut.name, messages: [{ key: 'u1', value: Buffer.from('not an envelope') }] });
    await producer.disconnect();
    await bus.publish(Topics.userSignedOut, { userId: 'u1', sessionId: 'poison' }, { key: 'u1' });
    await bus.publish(Topics.userSignedOut, { userId: 'u1', sessionId: 'after' }, { key: 'u1' });

    expect(await eventually(async () => handled, (list) => list.includes('after'), 30_000)).toEqual(['after']);
    const letters = await deadLetters(Topics.userSignedOut.name, 2);
    expect(letters.map((headers) => headers['cairn-group'])).toEqual(['sessions', 'sessions']);
    expect(letters[0]['cairn-error']).toMatch(/./);
    expect(letters[1]['cairn-error']).toBe('cannot end this session');
    expect(letters[1]['cairn-topic']).toBe('user.signed-out');
  });
});
