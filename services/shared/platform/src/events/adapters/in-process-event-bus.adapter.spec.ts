import { describeEventBusContract } from '../event-bus.contract.js';
import { ProcessedEvents } from '../processed-events.js';
import { SqliteDocumentStore } from '../../documents/adapters/sqlite-document-store.adapter.js';
import { InProcessEventBus } from './in-process-event-bus.adapter.js';

describeEventBusContract('InProcessEventBus', async () => {
  const store = new SqliteDocumentStore(':memory:');
  const bus = new InProcessEventBus({ producer: 'contract', processed: new ProcessedEvents(store), retryDelayMs: 5 });
  return {
    bus,
    peer: bus,
    close: async () => {
      await bus.close();
      await store.close();
    },
  };
}, 0);
