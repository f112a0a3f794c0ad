import { describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { EVENT_BUS, HealthRegistry, type EventBus } from '@cairn/platform';
import { eventually, startTestApp } from '@cairn/testing';
import { SavedProtocolsAppModule } from '../src/app.module.js';

/** A service with a `/slow` route that answers after `ms`, a promise of its first request arriving, and a record of when it answered and when the bus closed. */
async function serviceWithSlowRoute(ms: number, env: NodeJS.ProcessEnv = {}) {
  const timeline: string[] = [];
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const api = await startTestApp((config) => SavedProtocolsAppModule.forRoot(config), {
    service: 'saved-protocols',
    env,
    beforeListen: async (app: NestFastifyApplication) => {
      app.getHttpAdapter().getInstance().get('/slow', async () => {
        arrive();
        await sleep(ms);
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
  const slow = () => fetch(`${new URL(api.url).origin}/slow`).then(async (response) => ({ status: response.status, body: await response.json() }));
  return { api, timeline, slow, arrived };
}

/** What a rolling update relies on after the preStop delay: SIGTERM drains requests before the consumers and stores stop. */
describe('a service shutting down', () => {
  it('answers the requests it already has, reports shutting-down, and closes the event bus only after them', async () => {
    const { api, timeline, slow, arrived } = await serviceWithSlowRoute(400);
    const inFlight = slow();
    await arrived;
    const closing = api.close();
    const health = await eventually(() => api.app.get(HealthRegistry).run(), (report) => report.status === 'shutting-down', 5_000, 10);
    expect(health.status).toBe('shutting-down');

    await expect(inFlight).resolves.toEqual({ status: 200, body: { done: true } });
    await closing;
    expect(timeline).toEqual(['request answered', 'bus closed']);
  });

  it('cuts off a request still running after SHUTDOWN_DRAIN_MS and goes on closing the bus and stores', async () => {
    const { api, timeline, slow, arrived } = await serviceWithSlowRoute(5000, { SHUTDOWN_DRAIN_MS: '300' });
    const inFlight = slow();
    await arrived;
    const started = Date.now();
    await api.close();
    expect(Date.now() - started).toBeLessThan(3000);
    await expect(inFlight).rejects.toThrow();
    expect(timeline).toEqual(['bus closed']);
  });
});
