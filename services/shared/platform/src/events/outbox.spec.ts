import { describe, expect, it } from '@jest/globals';
import { Topics } from '@cairn/contracts';
import { eventually, nextMillisecond } from '@cairn/testing';
import { SqliteDocumentStore } from '../documents/adapters/sqlite-document-store.adapter.js';
import { write } from '../documents/document-store.port.js';
import { InProcessEventBus } from './adapters/in-process-event-bus.adapter.js';
import type { EventBus, EventEnvelope } from './event-bus.port.js';
import { Outbox } from './outbox.js';
import { ProcessedEvents } from './processed-events.js';

interface Note {
  id: string;
  text: string;
}

/** An in-process bus whose publish can be switched off, like a Kafka cluster that cannot be reached. */
function setup() {
  const store = new SqliteDocumentStore(':memory:');
  const inner = new InProcessEventBus({ producer: 'test', processed: new ProcessedEvents(store) });
  const state = { down: false, refused: 0 };
  const bus: EventBus = {
    publish: (topic, payload, options) => (state.down ? (state.refused++, Promise.reject(new Error('bus unreachable'))) : inner.publish(topic, payload, options)),
    subscribe: (topic, group, handler, options) => inner.subscribe(topic, group, handler, options),
    close: () => inner.close(),
  };
  const received: EventEnvelope<typeof Topics.userSignedOut.schema>[] = [];
  const ready = inner.subscribe(Topics.userSignedOut, 'observer', async (event) => void received.push(event));
  const notes = store.collection<Note>('notes');
  const outbox = new Outbox(store, bus);
  const pending = () => store.collection('outbox').count();
  return { store, inner, state, received, ready, notes, outbox, pending };
}

describe('Outbox', () => {
  it('stores the change with its event, publishes the event and forgets it', async () => {
    const { inner, received, ready, notes, outbox, pending } = setup();
    await ready;
    await outbox.commit(write.put(notes, { id: 'n1', text: 'hello' }), outbox.event(Topics.userSignedOut, { userId: 'u1', sessionId: 's1' }, { id: 'e1', key: 'u1' }));
    await inner.idle();
    expect(await notes.get('n1')).toEqual({ id: 'n1', text: 'hello' });
    expect(received.map((event) => [event.id, event.payload.sessionId])).toEqual([['e1', 's1']]);
    expect(await pending()).toBe(0);
  });

  it('keeps the change when the bus is down and relays its events later, in commit order, as they were', async () => {
    const { inner, state, received, ready, notes, outbox, pending } = setup();
    await ready;
    state.down = true;
    await outbox.commit(write.put(notes, { id: 'n1', text: 'a' }), outbox.event(Topics.userSignedOut, { userId: 'u1', sessionId: 'first' }, { id: 'e1' }));
    const recorded = new Date();
    // Relayed later than `recorded`: an event stamped when relayed instead of when committed would show it.
    await nextMillisecond();
    await outbox.commit(outbox.event(Topics.userSignedOut, { userId: 'u1', sessionId: 'second' }, { id: 'e2', correlationId: 'c2' }));
    expect(await notes.get('n1')).not.toBeNull();
    expect(await pending()).toBe(2);
    state.down = false;
    await outbox.relay();
    await inner.idle();
    expect(received.map((event) => event.payload.sessionId)).toEqual(['first', 'second']);
    expect(received[1].correlationId).toBe('c2');
    expect(received[0].occurredAt.getTime()).toBeLessThanOrEqual(recorded.getTime());
    expect(await pending()).toBe(0);
  });

  it('publishes nothing when the store refuses the commit', async () => {
    const { inner, received, ready, notes, outbox, pending } = setup();
    await ready;
    await notes.insert({ id: 'n1', text: 'taken' });
    const failing = outbox.commit(outbox.event(Topics.userSignedOut, { userId: 'u1', sessionId: 's1' }), write.insert(notes, { id: 'n1', text: 'again' }));
    await expect(failing).rejects.toThrow(/already exists/);
    await inner.idle();
    expect(received).toEqual([]);
    expect(await pending()).toBe(0);
  });

  it('relays on its timer once started, and a record relayed twice is one event to a consumer', async () => {
    const { store, inner, state, received, ready, outbox, pending } = setup();
    await ready;
    state.down = true;
    await outbox.commit(outbox.event(Topics.userSignedOut, { userId: 'u1', sessionId: 's1' }, { id: 'e1' }));
    const copy = (await store.collection<{ id: string }>('outbox').find())[0];
    const refusedAtCommit = state.refused;
    outbox.start(20);
    // The relay at start is refused too; once the bus is back, only the timer relays.
    expect(await eventually(async () => state.refused, (refused) => refused > refusedAtCommit, 5_000, 5)).toBeGreaterThan(refusedAtCommit);
    state.down = false;
    expect(await eventually(pending, (count) => count === 0, 5_000, 5)).toBe(0);
    await outbox.stop();
    await store.collection<{ id: string }>('outbox').put(copy);
    await outbox.relay();
    await inner.idle();
    expect(received.map((event) => event.id)).toEqual(['e1']);
    expect(await pending()).toBe(0);
  });
});
