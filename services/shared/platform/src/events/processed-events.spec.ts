import { describe, expect, it } from '@jest/globals';
import { SqliteDocumentStore } from '../documents/adapters/sqlite-document-store.adapter.js';
import { ProcessedEvents } from './processed-events.js';

const DAY = 24 * 60 * 60 * 1000;

describe('ProcessedEvents', () => {
  it('forgets the events handled before the retention, a day at a time, and keeps the recent ones', async () => {
    const store = new SqliteDocumentStore(':memory:');
    const processed = new ProcessedEvents(store);
    const now = Date.parse('2026-11-25T12:00:00Z');
    await processed.record('search', 'old', now - 20 * DAY);
    await processed.record('search', 'edge', now - 6.6 * DAY);
    await processed.record('uploads', 'recent', now - 2 * DAY);
    await store.collection('processed_events').put({ id: 'legacy', group: 'search', processedAt: '2026-01-01T00:00:00Z' });

    expect(await processed.prune(7 * DAY, now)).toBe(2);
    expect(await processed.has('search', 'old')).toBe(false);
    expect(await processed.has('search', 'edge')).toBe(true);
    expect(await processed.has('uploads', 'recent')).toBe(true);
    expect(await store.collection('processed_events').count()).toBe(2);
    expect(await processed.prune(7 * DAY, now + 2 * DAY)).toBe(1);
    expect(await processed.has('search', 'edge')).toBe(false);
  });

  it('skips an event id its group handled already', async () => {
    const processed = new ProcessedEvents(new SqliteDocumentStore(':memory:'));
    const handled: string[] = [];
    const handler = processed.deduplicate('g', async (event) => void handled.push(event.id));
    const event = { id: 'e1' } as Parameters<typeof handler>[0];
    await handler(event);
    await handler(event);
    expect(handled).toEqual(['e1']);
    expect(await processed.has('other', 'e1')).toBe(false);
  });
});
