import { createHash } from 'node:crypto';
import type { DocumentStore, Collection } from '../documents/document-store.port.js';
import type { EventHandler } from './event-bus.port.js';
import type { DescMessage } from '@bufbuild/protobuf';

interface ProcessedEvent {
  id: string;
  group: string;
  processedAt: string;
}

/** Event ids name users (`user.deleted:<uid>`); only their hash is kept, so erasure leaves nothing behind. */
const key = (group: string, eventId: string) => `${group}/${createHash('sha256').update(eventId).digest('base64url')}`;

/** Remembers which event ids each consumer group has handled, so redeliveries are no-ops. */
export class ProcessedEvents {
  private readonly processed: Collection<ProcessedEvent>;

  constructor(store: DocumentStore) {
    this.processed = store.collection<ProcessedEvent>('processed_events', { indexes: [['processedAt']] });
  }

  async has(group: string, eventId: string): Promise<boolean> {
    return (await this.processed.get(key(group, eventId))) !== null;
  }

  async record(group: string, eventId: string): Promise<void> {
    await this.processed.put({ id: key(group, eventId), group, processedAt: new Date().toISOString() });
  }

  /** Wraps a handler so that an event id already handled by `group` is skipped. */
  deduplicate<Desc extends DescMessage>(group: string, handler: EventHandler<Desc>): EventHandler<Desc> {
    return async (event) => {
      if (await this.has(group, event.id)) return;
      await handler(event);
      await this.record(group, event.id);
    };
  }
}
