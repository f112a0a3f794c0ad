import { jest } from '@jest/globals';
import { mockClusterConsumerConfig, startKafkaTestBroker } from '../../../../testing/src/kafka/index.js';
import { SqliteDocumentStore } from '../../documents/adapters/sqlite-document-store.adapter.js';
import { describeEventBusContract } from '../event-bus.contract.js';
import { ProcessedEvents } from '../processed-events.js';
import { KafkaEventBus } from './kafka-event-bus.adapter.js';

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
