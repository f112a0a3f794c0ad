import type { DescMessage, MessageInitShape, MessageShape } from '@bufbuild/protobuf';
import type { Topic } from '@cairn/contracts';
import { randomUUID } from 'node:crypto';
import type { EventBus, EventEnvelope } from './event-bus.port.js';

export class RequestTimeoutError extends Error {
  override name = 'RequestTimeoutError';
}

interface Pending<Res extends DescMessage> {
  resolve: (reply: MessageShape<Res>) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Request/reply over the bus: the request is an event; the reply is an event on the reply topic whose
 * causation id is the request's id. Each requester instance reads replies in its own transient consumer
 * group, from when it started, and keeps those it is waiting for.
 */
export class EventRequester<Req extends DescMessage, Res extends DescMessage> {
  private readonly pending = new Map<string, Pending<Res>>();
  private started: Promise<void> | null = null;

  constructor(
    private readonly bus: EventBus,
    private readonly requestTopic: Topic<Req>,
    private readonly replyTopic: Topic<Res>,
    private readonly group = `${replyTopic.name}-${randomUUID()}`,
  ) {}

  start(): Promise<void> {
    this.started ??= this.bus.subscribe(
      this.replyTopic,
      this.group,
      async (event) => {
        const waiting = this.pending.get(event.causationId);
        if (!waiting) return;
        clearTimeout(waiting.timer);
        this.pending.delete(event.causationId);
        waiting.resolve(event.payload);
      },
      { transient: true },
    );
    return this.started;
  }

  async request(payload: MessageInitShape<Req>, options: { timeoutMs?: number; correlationId?: string } = {}): Promise<MessageShape<Res>> {
    await this.start();
    const id = randomUUID();
    const reply = new Promise<MessageShape<Res>>((resolve, reject) => {
      const timeoutMs = options.timeoutMs ?? 5000;
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new RequestTimeoutError(`no ${this.replyTopic.name} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
    });
    await this.bus.publish(this.requestTopic, payload, { id, correlationId: options.correlationId });
    return reply;
  }

  /** Rejects whatever is still waiting (on shutdown). */
  cancelAll(): void {
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.reject(new Error('requester closed'));
      this.pending.delete(id);
    }
  }
}

/** Answers every request of `requestTopic` (one member of `group` each) on `replyTopic`. */
export function respondTo<Req extends DescMessage, Res extends DescMessage>(
  bus: EventBus,
  requestTopic: Topic<Req>,
  replyTopic: Topic<Res>,
  group: string,
  answer: (request: EventEnvelope<Req>) => Promise<MessageInitShape<Res>>,
): Promise<void> {
  return bus.subscribe(requestTopic, group, async (request) => {
    const reply = await answer(request);
    await bus.publish(replyTopic, reply, { id: `reply:${request.id}`, causationId: request.id, correlationId: request.correlationId });
  });
}
