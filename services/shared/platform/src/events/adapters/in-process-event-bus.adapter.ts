import type { DescMessage, MessageInitShape } from '@bufbuild/protobuf';
import type { Topic } from '@cairn/contracts';
import { createLogger } from '../../logging/logger.js';
import { createEnvelope, decodeEnvelope, encodeEnvelope } from '../envelope.js';
import type { EventBus, EventEnvelope, EventHandler, PublishOptions, SubscribeOptions } from '../event-bus.port.js';
import type { ProcessedEvents } from '../processed-events.js';
import { uncounted, type EventCounters } from '../event-counters.js';

export interface InProcessEventBusOptions {
  producer: string;
  processed: ProcessedEvents;
  counters?: EventCounters;
  /** First wait before a failed event is delivered again; it doubles on every failure, up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

interface Group {
  handlers: EventHandler[];
  next: number;
  queue: Uint8Array[];
  draining: Promise<void> | null;
}

/**
 * Delivers events inside one process. Each (topic, group) is a queue worked in order, like a
 * Kafka partition; payloads go through the same protobuf encoding as on Kafka.
 */
export class InProcessEventBus implements EventBus {
  private readonly topics = new Map<string, { topic: Topic; groups: Map<string, Group> }>();
  private readonly logger = createLogger('in-process-event-bus');
  private closed = false;

  constructor(private readonly options: InProcessEventBusOptions) {}

  async publish<Desc extends DescMessage>(
    topic: Topic<Desc>,
    payload: MessageInitShape<Desc>,
    options?: PublishOptions,
  ): Promise<EventEnvelope<Desc>> {
    if (this.closed) throw new Error('event bus is closed');
    const event = createEnvelope(topic, payload, this.options.producer, options);
    const bytes = encodeEnvelope(topic, event);
    (this.options.counters ?? uncounted).published(topic.name);
    for (const group of this.topics.get(topic.name)?.groups.values() ?? []) {
      group.queue.push(bytes);
      this.drain(topic, group);
    }
    return event;
  }

  async subscribe<Desc extends DescMessage>(topic: Topic<Desc>, group: string, handler: EventHandler<Desc>, options: SubscribeOptions = {}) {
    const entry = this.topics.get(topic.name) ?? { topic: topic as Topic, groups: new Map<string, Group>() };
    this.topics.set(topic.name, entry);
    const existing = entry.groups.get(group);
    const delivered = (options.transient ? handler : this.options.processed.deduplicate(group, handler)) as EventHandler;
    if (existing) existing.handlers.push(delivered);
    else entry.groups.set(group, { handlers: [delivered], next: 0, queue: [], draining: null });
  }

  /** Resolves when every queued event has been handled (or the bus closed while one kept failing). */
  async idle(): Promise<void> {
    for (;;) {
      const busy = [...this.topics.values()].flatMap((t) => [...t.groups.values()]).filter((g) => g.draining);
      if (busy.length === 0) return;
      await Promise.all(busy.map((g) => g.draining));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
  }

  private drain(topic: Topic, group: Group): void {
    if (group.draining) return;
    group.draining = (async () => {
      try {
        while (group.queue.length > 0) {
          const bytes = group.queue.shift()!;
          const handler = group.handlers[group.next++ % group.handlers.length];
          await this.deliver(topic, handler, bytes);
        }
      } finally {
        group.draining = null;
      }
    })();
  }

  /**
   * Delivers until the handler succeeds, like a Kafka consumer that commits only after the effect:
   * the group's later events wait behind it. Only closing the bus stops the retries.
   */
  private async deliver(topic: Topic, handler: EventHandler, bytes: Uint8Array): Promise<void> {
    const retryDelayMs = this.options.retryDelayMs ?? 100;
    const maxRetryDelayMs = this.options.maxRetryDelayMs ?? 30_000;
    const event = decodeEnvelope(topic, bytes);
    for (let attempt = 1; ; attempt++) {
      try {
        await handler(decodeEnvelope(topic, bytes));
        return;
      } catch (error) {
        const log = attempt >= 5 ? 'error' : 'warn';
        this.logger[log]({ err: error, eventId: event.id, type: event.type, attempt }, 'event handler failed, delivering it again');
        if (this.closed) return;
        await new Promise((resolve) => setTimeout(resolve, Math.min(retryDelayMs * 2 ** (attempt - 1), maxRetryDelayMs)));
        if (this.closed) return;
      }
    }
  }
}
