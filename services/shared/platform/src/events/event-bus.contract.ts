import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Topics, type UserDeleted } from '@cairn/contracts';
import { randomUUID } from 'node:crypto';
import type { EventBus, EventEnvelope } from './event-bus.port.js';
import { EventRequester, respondTo } from './request-reply.js';

type UserDeletedDesc = typeof Topics.userDeleted.schema;

export interface EventBusUnderTest {
  /** A bus instance; several instances of one adapter must share the same broker. */
  bus: EventBus;
  /** Another bus instance on the same broker (a second process). */
  peer: EventBus;
  close(): Promise<void>;
}

export async function eventually(check: () => void | Promise<void>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

const quiet = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The behaviour every EventBus adapter must have. Each test uses its own consumer group names, so
 * the suite can share one broker and one topic.
 */
export function describeEventBusContract(adapter: string, open: () => Promise<EventBusUnderTest>, settleMs = 300): void {
  describe(`EventBus contract: ${adapter}`, () => {
    let under: EventBusUnderTest;

    beforeAll(async () => {
      under = await open();
    });
    afterAll(async () => {
      await under?.close();
    });

    const group = (name: string) => `${name}-${randomUUID().slice(0, 8)}`;
    const mine = (run: string) => (event: EventEnvelope<UserDeletedDesc>) => event.payload.userId.startsWith(run);

    it('delivers the payload inside an envelope with id, type, time and correlation', async () => {
      const run = randomUUID();
      const received: EventEnvelope<UserDeletedDesc>[] = [];
      await under.bus.subscribe(Topics.userDeleted, group('envelope'), async (event) => {
        if (mine(run)(event)) received.push(event);
      });
      await quiet(settleMs);
      const before = Date.now();
      const published = await under.bus.publish(
        Topics.userDeleted,
        { userId: `${run}-u1` },
        { correlationId: 'corr-1', causationId: 'cause-1' },
      );
      await eventually(() => expect(received).toHaveLength(1));
      const [event] = received;
      expect(event.id).toBe(published.id);
      expect(event.type).toBe('user.deleted');
      expect(event.payload.userId).toBe(`${run}-u1`);
      expect((event.payload as UserDeleted).$typeName).toBe('cairn.accounts.v1.UserDeleted');
      expect(event.correlationId).toBe('corr-1');
      expect(event.causationId).toBe('cause-1');
      expect(event.occurredAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(event.producer).toBe(published.producer);
    });

    it('defaults the correlation id to the event id', async () => {
      const published = await under.bus.publish(Topics.userDeleted, { userId: 'nobody-listens' });
      expect(published.correlationId).toBe(published.id);
    });

    it('gives every consumer group each event, and each event to one member of a group', async () => {
      const run = randomUUID();
      const search = group('search');
      const a: string[] = [];
      const b: string[] = [];
      const other: string[] = [];
      await under.bus.subscribe(Topics.userDeleted, search, async (e) => void (mine(run)(e) && a.push(e.payload.userId)));
      await under.peer.subscribe(Topics.userDeleted, search, async (e) => void (mine(run)(e) && b.push(e.payload.userId)));
      await under.peer.subscribe(Topics.userDeleted, group('conversations'), async (e) => {
        if (mine(run)(e)) other.push(e.payload.userId);
      });
      await quiet(settleMs);
      const ids = Array.from({ length: 10 }, (_, i) => `${run}-${i}`);
      for (const userId of ids) await under.bus.publish(Topics.userDeleted, { userId }, { key: userId });
      await eventually(() => expect([...a, ...b].sort()).toEqual([...ids].sort()));
      await eventually(() => expect([...other].sort()).toEqual([...ids].sort()));
      await quiet(settleMs);
      expect(a.length + b.length).toBe(ids.length);
    });

    it('hands an event id to a group once, even when it is published again', async () => {
      const run = randomUUID();
      const seen: string[] = [];
      await under.bus.subscribe(Topics.userDeleted, group('dedupe'), async (e) => {
        if (mine(run)(e)) seen.push(e.id);
      });
      await quiet(settleMs);
      const id = `evt-${run}`;
      await under.bus.publish(Topics.userDeleted, { userId: `${run}-x` }, { id });
      await under.peer.publish(Topics.userDeleted, { userId: `${run}-x` }, { id });
      await under.bus.publish(Topics.userDeleted, { userId: `${run}-y` });
      await eventually(() => expect(seen).toHaveLength(2));
      await quiet(settleMs);
      expect(seen.filter((s) => s === id)).toHaveLength(1);
    });

    it('gives a transient group only the events published after it joined, every copy of them', async () => {
      const run = randomUUID();
      await under.bus.publish(Topics.userDeleted, { userId: `${run}-before` });
      const seen: string[] = [];
      await under.bus.subscribe(Topics.userDeleted, group('transient'), async (e) => {
        if (mine(run)(e)) seen.push(e.payload.userId);
      }, { transient: true });
      await quiet(settleMs);
      const id = `evt-${run}`;
      await under.peer.publish(Topics.userDeleted, { userId: `${run}-after` }, { id });
      await under.peer.publish(Topics.userDeleted, { userId: `${run}-after` }, { id });
      await eventually(() => expect(seen).toEqual([`${run}-after`, `${run}-after`]));
      await quiet(settleMs);
      expect(seen).toEqual([`${run}-after`, `${run}-after`]);
    });

    it('delivers again after a handler fails, until it succeeds (more often than any fixed retry budget)', async () => {
      const run = randomUUID();
      let attempts = 0;
      const handled: string[] = [];
      await under.bus.subscribe(Topics.userDeleted, group('retry'), async (e) => {
        if (!mine(run)(e)) return;
        attempts += 1;
        if (attempts < 7) throw new Error('transient failure');
        handled.push(e.payload.userId);
      });
      await quiet(settleMs);
      await under.bus.publish(Topics.userDeleted, { userId: `${run}-r` });
      await eventually(() => expect(handled).toEqual([`${run}-r`]), 30_000);
      expect(attempts).toBe(7);
    });

    it('carries a request and its reply between two instances', async () => {
      const run = randomUUID();
      await respondTo(under.peer, Topics.searchRequested, Topics.searchAnswered, group('responder'), async (request) => ({
        total: 1,
        hits: [{ id: `${request.payload.query}-hit`, title: request.payload.userId }],
      }));
      const requester = new EventRequester(under.bus, Topics.searchRequested, Topics.searchAnswered, group('requester'));
      await requester.start();
      await quiet(settleMs);
      const reply = await requester.request({ query: run, userId: 'u-1', size: 1 }, { timeoutMs: 20_000 });
      expect(reply.hits.map((hit) => [hit.id, hit.title])).toEqual([[`${run}-hit`, 'u-1']]);
      expect(reply.total).toBe(1);
    });

    it('keeps the order of events that share a key', async () => {
      const run = randomUUID();
      const order: string[] = [];
      await under.bus.subscribe(Topics.userDeleted, group('order'), async (e) => {
        if (mine(run)(e)) order.push(e.payload.userId);
      });
      await quiet(settleMs);
      const ids = Array.from({ length: 20 }, (_, i) => `${run}-${String(i).padStart(2, '0')}`);
      for (const userId of ids) await under.bus.publish(Topics.userDeleted, { userId }, { key: run });
      await eventually(() => expect(order).toEqual(ids));
    });
  });
}
