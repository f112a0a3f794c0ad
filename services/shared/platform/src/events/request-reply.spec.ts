import { describe, expect, it } from '@jest/globals';
import { Topics } from '@cairn/contracts';
import { SqliteDocumentStore } from '../documents/adapters/sqlite-document-store.adapter.js';
import { InProcessEventBus } from './adapters/in-process-event-bus.adapter.js';
import { ProcessedEvents } from './processed-events.js';
import { EventRequester, RequestTimeoutError, respondTo } from './request-reply.js';

const bus = () => new InProcessEventBus({ producer: 'test', processed: new ProcessedEvents(new SqliteDocumentStore(':memory:')) });

describe('request/reply over the bus', () => {
  it('times out when nobody answers', async () => {
    const requester = new EventRequester(bus(), Topics.searchRequested, Topics.searchAnswered);
    await expect(requester.request({ query: 'dengue' }, { timeoutMs: 50 })).rejects.toBeInstanceOf(RequestTimeoutError);
  });

  it('links the reply to its request and correlation', async () => {
    const events = bus();
    const replies: { causationId: string; correlationId: string }[] = [];
    await events.subscribe(Topics.searchAnswered, 'observer', async (event) => void replies.push(event));
    await respondTo(events, Topics.searchRequested, Topics.searchAnswered, 'search', async (request) => ({ total: request.payload.size }));
    const requester = new EventRequester(events, Topics.searchRequested, Topics.searchAnswered);
    expect((await requester.request({ query: 'x', size: 3 }, { correlationId: 'chat-42' })).total).toBe(3);
    await events.idle();
    expect(replies[0].correlationId).toBe('chat-42');
    expect(replies[0].causationId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
