import { fromBinary, toBinary, create, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { allTopics, type Topic } from '@cairn/contracts';
import { randomUUID } from 'node:crypto';
import { write, type Collection, type DocumentStore, type DocumentWrite } from '../documents/document-store.port.js';
import { createLogger } from '../logging/logger.js';
import type { EventBus, PublishOptions } from './event-bus.port.js';

/** An event waiting to be published; stored by the same commit as the change it announces. */
interface PendingEvent {
  id: string;
  topic: string;
  payload: string;
  key: string | null;
  correlationId: string;
  causationId: string;
  occurredAt: string;
  /** Commit order: events are published in it, so events with the same key keep their order. */
  sequence: string;
}

export const OUTBOX_RELAY_MS = 1000;
const BATCH = 100;
const topicsByName = new Map(allTopics.map((topic) => [topic.name, topic]));
let counter = 0;
const nextSequence = () => `${Date.now().toString().padStart(15, '0')}.${(counter++ % 1e9).toString().padStart(9, '0')}`;

/**
 * The transactional outbox of one service store: `commit` writes a change and the events that
 * announce it in one atomic store commit, then relays them to the bus. Whatever the bus did not
 * take (it was down, the process died) stays stored and is relayed again every second, in commit
 * order, until the bus accepts it. Event ids are fixed at commit, so a record relayed twice (by two
 * replicas) is one event to every consumer.
 */
export class Outbox {
  private readonly pending: Collection<PendingEvent>;
  private readonly log = createLogger('outbox');
  private relaying: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: DocumentStore,
    private readonly bus: EventBus,
  ) {
    this.pending = store.collection<PendingEvent>('outbox', { indexes: [['sequence']] });
  }

  /** The write that records an event; give it to `commit` with the writes of the change. */
  event<Desc extends DescMessage>(topic: Topic<Desc>, payload: MessageInitShape<Desc>, options: PublishOptions = {}): DocumentWrite {
    const id = options.id ?? randomUUID();
    return write.put(this.pending, {
      id,
      topic: topic.name,
      payload: Buffer.from(toBinary(topic.schema, create(topic.schema, payload))).toString('base64'),
      key: options.key ?? null,
      correlationId: options.correlationId ?? id,
      causationId: options.causationId ?? '',
      occurredAt: new Date().toISOString(),
      sequence: nextSequence(),
    });
  }

  /** Stores the writes atomically, then publishes what they recorded; a bus failure leaves it for the relay. */
  async commit(...writes: DocumentWrite[]): Promise<void> {
    await this.store.commit(writes);
    if (writes.some((change) => change.collection === this.pending.name)) await this.relay();
  }

  /** An event that follows a change outside this store (a blob): recorded on its own, then relayed. */
  publish<Desc extends DescMessage>(topic: Topic<Desc>, payload: MessageInitShape<Desc>, options: PublishOptions = {}): Promise<void> {
    return this.commit(this.event(topic, payload, options));
  }

  /** Publishes every stored event in commit order; one pass at a time, a request during a pass runs another. */
  relay(): Promise<void> {
    if (this.relaying) {
      this.again = true;
      return this.relaying;
    }
    this.relaying = this.drain().finally(() => {
      this.relaying = null;
    });
    return this.relaying;
  }

  start(intervalMs = OUTBOX_RELAY_MS): void {
    this.timer ??= setInterval(() => void this.relay(), intervalMs).unref();
    void this.relay();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.relaying;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      try {
        for (let batch = await this.next(); batch.length > 0; batch = await this.next()) {
          for (const event of batch) await this.send(event);
        }
      } catch (error) {
        this.log.warn({ err: error }, 'events stay in the outbox until the bus accepts them');
        return;
      }
    } while (this.again);
  }

  private next(): Promise<PendingEvent[]> {
    return this.pending.find({ sort: [{ field: 'sequence', direction: 'asc' }], limit: BATCH });
  }

  private async send(event: PendingEvent): Promise<void> {
    const topic = topicsByName.get(event.topic);
    if (!topic) {
      this.log.error({ eventId: event.id, topic: event.topic }, 'outbox event for an unknown topic dropped');
    } else {
      await this.bus.publish(topic, fromBinary(topic.schema, Buffer.from(event.payload, 'base64')), {
        id: event.id,
        key: event.key ?? undefined,
        correlationId: event.correlationId,
        causationId: event.causationId,
        occurredAt: new Date(event.occurredAt),
      });
    }
    await this.pending.delete(event.id);
  }
}

/** One outbox per service store; they relay from application start (every subscriber is listening) until shutdown. */
export class Outboxes {
  private readonly open = new Map<string, Outbox>();
  private started = false;

  constructor(
    private readonly stores: { get(name: string): DocumentStore },
    private readonly bus: EventBus,
  ) {}

  get(name: string): Outbox {
    let outbox = this.open.get(name);
    if (!outbox) {
      outbox = new Outbox(this.stores.get(name), this.bus);
      if (this.started) outbox.start();
      this.open.set(name, outbox);
    }
    return outbox;
  }

  startAll(): void {
    this.started = true;
    for (const outbox of this.open.values()) outbox.start();
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.open.values()].map((outbox) => outbox.stop()));
  }
}
