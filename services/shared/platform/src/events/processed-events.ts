import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { PlatformConfig } from '../config/platform-config.js';
import { PLATFORM_CONFIG } from '../platform.tokens.js';
import type { DocumentStore, Collection } from '../documents/document-store.port.js';
import type { EventHandler } from './event-bus.port.js';
import { uncounted, type EventCounters } from './event-counters.js';
import type { DescMessage } from '@bufbuild/protobuf';

interface ProcessedEvent {
  id: string;
  group: string;
  processedAt: string;
  /** `YYYY-MM-DD` of processedAt: records are pruned a whole day at a time. */
  day: string;
}

interface ProcessedDay {
  id: string;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Event ids name users (`user.deleted:<uid>`); only their hash is kept, so erasure leaves nothing behind. */
const key = (group: string, eventId: string) => `${group}/${createHash('sha256').update(eventId).digest('base64url')}`;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Remembers which event ids each consumer group has handled, so redeliveries are no-ops. A record
 * only has to outlive every redelivery of its event (the topics' retention), so records older than
 * the retention are pruned.
 */
export class ProcessedEvents {
  private readonly processed: Collection<ProcessedEvent>;
  private readonly days: Collection<ProcessedDay>;
  private readonly seenDays = new Set<string>();

  constructor(
    store: DocumentStore,
    private readonly counters: EventCounters = uncounted,
  ) {
    this.processed = store.collection<ProcessedEvent>('processed_events', { indexes: [['day']] });
    this.days = store.collection<ProcessedDay>('processed_event_days');
  }

  async has(group: string, eventId: string): Promise<boolean> {
    return (await this.processed.get(key(group, eventId))) !== null;
  }

  async record(group: string, eventId: string, now = Date.now()): Promise<void> {
    const day = dayOf(now);
    if (!this.seenDays.has(day)) {
      await this.days.put({ id: day });
      this.seenDays.add(day);
    }
    await this.processed.put({ id: key(group, eventId), group, processedAt: new Date(now).toISOString(), day });
  }

  /** Deletes the records of every day that ended more than `retentionMs` ago; returns how many went. */
  async prune(retentionMs: number, now = Date.now()): Promise<number> {
    const newestToDrop = dayOf(now - retentionMs - DAY_MS);
    // Records from before records had a day cannot be dated; their events are long past redelivery.
    let removed = await this.processed.deleteMany({ day: null as unknown as string });
    for (const { id: day } of await this.days.find()) {
      if (day > newestToDrop) continue;
      removed += await this.processed.deleteMany({ day });
      await this.days.delete(day);
      this.seenDays.delete(day);
    }
    return removed;
  }

  /** Wraps a handler so that an event id already handled by `group` is skipped. */
  deduplicate<Desc extends DescMessage>(group: string, handler: EventHandler<Desc>): EventHandler<Desc> {
    return async (event) => {
      if (await this.has(group, event.id)) return this.counters.duplicate(event.type, group);
      try {
        await handler(event);
      } catch (error) {
        this.counters.failed(event.type, group);
        throw error;
      }
      await this.record(group, event.id);
      this.counters.handled(event.type, group);
    };
  }
}

/** Prunes the processed-event records past PROCESSED_EVENTS_RETENTION_DAYS at start-up and every hour. */
@Injectable()
export class ProcessedEventsPruning implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly processed: ProcessedEvents,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  onApplicationBootstrap(): void {
    const prune = () => void this.processed.prune(this.config.PROCESSED_EVENTS_RETENTION_DAYS * DAY_MS).catch(() => undefined);
    prune();
    this.timer = setInterval(prune, HOUR_MS).unref();
  }

  beforeApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
