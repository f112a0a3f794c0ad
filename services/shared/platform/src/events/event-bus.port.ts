import type { DescMessage, MessageInitShape, MessageShape } from '@bufbuild/protobuf';
import type { Topic } from '@cairn/contracts';

export const EVENT_BUS = Symbol('EVENT_BUS');

export interface EventEnvelope<Desc extends DescMessage = DescMessage> {
  id: string;
  type: string;
  occurredAt: Date;
  correlationId: string;
  causationId: string;
  producer: string;
  payload: MessageShape<Desc>;
}

export interface PublishOptions {
  /** Event id; give a deterministic one to make a re-publish of the same fact a no-op for consumers. */
  id?: string;
  /** Partition key: events with the same key are delivered in order. */
  key?: string;
  correlationId?: string;
  causationId?: string;
  /** When the fact happened, if earlier than the publish (an event relayed from an outbox). */
  occurredAt?: Date;
}

export type EventHandler<Desc extends DescMessage = DescMessage> = (event: EventEnvelope<Desc>) => Promise<void>;

export interface SubscribeOptions {
  /**
   * A group that lives only as long as this process, such as a requester reading its replies: it
   * starts at the events published after it joined and keeps no record of the events it handled.
   */
  transient?: boolean;
}

export interface EventBus {
  /** Publishes one event; resolves once the bus has accepted it. */
  publish<Desc extends DescMessage>(
    topic: Topic<Desc>,
    payload: MessageInitShape<Desc>,
    options?: PublishOptions,
  ): Promise<EventEnvelope<Desc>>;
  /**
   * Delivers every event of `topic` to exactly one subscriber of each `group`, at least once, and
   * never hands the same event id to a group twice once it has been handled successfully.
   * A handler that throws gets the event again later.
   */
  subscribe<Desc extends DescMessage>(topic: Topic<Desc>, group: string, handler: EventHandler<Desc>, options?: SubscribeOptions): Promise<void>;
  close(): Promise<void>;
}
