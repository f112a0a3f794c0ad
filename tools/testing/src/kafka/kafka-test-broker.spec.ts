import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Kafka, logLevel, Partitioners } from 'kafkajs';
import { startKafkaTestBroker, type KafkaTestBroker } from './kafka-test-broker.js';
import { mockClusterConsumerConfig } from './mock-cluster-consumer-config.js';

describe('startKafkaTestBroker', () => {
  let broker: KafkaTestBroker;

  beforeAll(async () => {
    broker = await startKafkaTestBroker({ topics: ['smoke.checked'], partitions: 3 });
  }, 60_000);
  afterAll(async () => {
    await broker?.stop();
  });

  it('serves bootstrap servers on 127.0.0.1', () => {
    expect(broker.brokers.length).toBeGreaterThan(0);
    for (const address of broker.brokers) expect(address).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it('accepts a produce and a consume with kafkajs', async () => {
    const kafka = new Kafka({ clientId: 'smoke', brokers: broker.brokers, logLevel: logLevel.NOTHING });
    const producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
    const consumer = kafka.consumer({ ...mockClusterConsumerConfig, groupId: 'smoke' });
    try {
      await producer.connect();
      await producer.send({ topic: 'smoke.checked', messages: [{ key: 'k', value: Buffer.from([0, 1, 2, 255]) }] });
      let deliver!: (value: Buffer | null) => void;
      const received = new Promise<Buffer | null>((resolve) => (deliver = resolve));
      await consumer.connect();
      await consumer.subscribe({ topics: ['smoke.checked'], fromBeginning: true });
      await consumer.run({ eachMessage: async ({ message }) => deliver(message.value) });
      expect(await received).toEqual(Buffer.from([0, 1, 2, 255]));
    } finally {
      await consumer.disconnect();
      await producer.disconnect();
    }
  }, 30_000);

  it('stops', async () => {
    const own = await startKafkaTestBroker({ topics: ['smoke.stopped'] });
    await own.stop();
    const kafka = new Kafka({
      clientId: 'smoke',
      brokers: own.brokers,
      logLevel: logLevel.NOTHING,
      retry: { retries: 0 },
      connectionTimeout: 500,
    });
    const admin = kafka.admin();
    await expect(admin.connect()).rejects.toThrow();
  });
});
