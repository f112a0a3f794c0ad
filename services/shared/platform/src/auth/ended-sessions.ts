import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { Topics } from '@cairn/contracts';
import type { Collection } from '../documents/document-store.port.js';
import { DocumentStores } from '../documents/document-stores.js';
import { EVENT_BUS, type EventBus } from '../events/event-bus.port.js';
import type { PlatformConfig } from '../config/platform-config.js';
import { PLATFORM_CONFIG } from '../platform.tokens.js';
import type { AuthenticatedUser } from './token-verifier.js';

interface EndedSession {
  /** A hash of `user:<uid>` for a deleted account (all its tokens) or `session:<sid>` for one ended session: no uid is kept. */
  id: string;
  endedAt: string;
}

/** Every token of an ended session or account expires within this; its record is kept a little longer and then pruned. */
const SESSION_RECORD_MS = 24 * 60 * 60 * 1000;

const recordId = (key: string) => createHash('sha256').update(key).digest('base64url');

/**
 * Sessions that ended before their tokens expired: a deleted account's and signed-out ones. Each
 * service learns them from `user.deleted` and `user.signed-out`, keeps them in its own store (so a
 * restart remembers), and the auth guard refuses their tokens. The service's consumer group stores
 * each event once; every replica also listens in a group of its own (transient), so each one refuses
 * the tokens at once, not only the replica the group handed the event to.
 */
@Injectable()
export class EndedSessions implements OnModuleInit {
  private readonly ended = new Set<string>();
  private readonly records: Collection<EndedSession>;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    stores: DocumentStores,
  ) {
    this.records = stores.get(config.service).collection<EndedSession>('ended_sessions', { indexes: [['endedAt']] });
  }

  async onModuleInit(): Promise<void> {
    for (const record of await this.records.find()) this.ended.add(record.id);
    const group = `${this.config.service}.sessions`;
    const replica = `${group}.${randomUUID()}`;
    await Promise.all([
      this.bus.subscribe(Topics.userDeleted, group, async (event) => this.endAccount(event.payload.userId)),
      this.bus.subscribe(Topics.userSignedOut, group, async (event) => this.endSession(event.payload.sessionId)),
      this.bus.subscribe(Topics.userDeleted, replica, async (event) => this.remember(`user:${event.payload.userId}`), { transient: true }),
      this.bus.subscribe(Topics.userSignedOut, replica, async (event) => this.remember(`session:${event.payload.sessionId}`), { transient: true }),
    ]);
    await this.prune();
  }

  isEnded(user: AuthenticatedUser): boolean {
    return this.ended.has(recordId(`user:${user.uid}`)) || (user.sessionId !== undefined && this.ended.has(recordId(`session:${user.sessionId}`)));
  }

  endAccount(uid: string): Promise<void> {
    return this.end(`user:${uid}`);
  }

  endSession(sessionId: string): Promise<void> {
    return this.end(`session:${sessionId}`);
  }

  private async remember(key: string): Promise<void> {
    if (!key.endsWith(':')) this.ended.add(recordId(key));
  }

  private async end(key: string): Promise<void> {
    if (key.endsWith(':')) return;
    const id = recordId(key);
    this.ended.add(id);
    await this.records.put({ id, endedAt: new Date().toISOString() });
  }

  private async prune(): Promise<void> {
    const before = new Date(Date.now() - SESSION_RECORD_MS).toISOString();
    for (const record of await this.records.find()) {
      if (record.endedAt < before) {
        this.ended.delete(record.id);
        await this.records.delete(record.id);
      }
    }
  }
}
