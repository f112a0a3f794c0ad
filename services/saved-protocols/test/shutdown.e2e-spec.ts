import { describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { EVENT_BUS, HealthRegistry, type EventBus } from '@cairn/platform';
import { startTestApp } from '@cairn/testing';
import { SavedProtocolsAppModule } from '../src/app.module.js';

/** What a rolling update relies on after the preStop delay: SIGTERM drains requests before the consumers and stores stop. */
describe('a service shutting down', () => {
  it('answers the requests it already has, reports shutting-down, and closes the event bus only after them', async () => {
    const timeline: string[] = [];
    const api = await startTestApp((config) => SavedProtocolsAppModule.forRoot(config), {
      service: 'saved-protocols',
      beforeListen: async (app) => {
        app.getHttpAdapter().getInstance().get('/slow', async () => {
          await sleep(400);
          timeline.push('request answered');
          return { done: true };
        });
      },
    });
    const bus = api.app.get<EventBus>(EVENT_BUS);
    const closeBus = bus.close.bind(bus);
    bus.close = async () => {
      timeline.push('bus closed');
      await closeBus();
    };
    const origin = new URL(api.url).origin;

    const inFlight = fetch(`${origin}/slow`).then(async (response) => ({ status: response.status, body: await response.json() }));
    await sleep(100);
    const closing = api.close();
    await sleep(50);
    expect((await api.app.get(HealthRegistry).run()).status).toBe('shutting-down');

    await expect(inFlight).resolves.toEqual({ status: 200, body: { done: true } });
    await closing;
    expect(timeline).toEqual(['request answered', 'bus closed']);
  });
});
