import { describe, expect, it } from '@jest/globals';
import { HealthRegistry } from './health.registry.js';

const failing = async () => {
  throw new Error('connection refused');
};

describe('HealthRegistry', () => {
  it('is not ready until every check has passed once', async () => {
    const registry = new HealthRegistry();
    let up = false;
    registry.register('documents:search', async () => {
      if (!up) throw new Error('connection refused');
    });
    expect(await registry.run()).toEqual({ ready: false, status: 'starting', checks: { 'documents:search': 'failing: connection refused' } });
    up = true;
    expect(await registry.run()).toEqual({ ready: true, status: 'ok', checks: { 'documents:search': 'ok' } });
  });

  it('stays ready but degraded when a shared backend blips after start-up, so the Service keeps its endpoints', async () => {
    const registry = new HealthRegistry();
    let up = true;
    registry.register('search:keyword-index', async () => {
      if (!up) throw new Error('connection refused');
    });
    await registry.run();
    up = false;
    expect(await registry.run()).toMatchObject({ ready: true, status: 'degraded', checks: { 'search:keyword-index': 'failing: connection refused' } });
  });

  it('counts a check registered later (a store opened on first use) as starting until it passes', async () => {
    const registry = new HealthRegistry();
    registry.register('bus', async () => undefined);
    await registry.run();
    registry.register('documents:uploads', failing);
    expect(await registry.run()).toMatchObject({ ready: false, status: 'starting' });
  });

  it('is not ready once shutting down, even with every backend up', async () => {
    const registry = new HealthRegistry();
    registry.register('bus', async () => undefined);
    registry.markShuttingDown();
    expect(await registry.run()).toMatchObject({ ready: false, status: 'shutting-down' });
  });

  it('fails a check that does not answer in time', async () => {
    const registry = new HealthRegistry();
    registry.register('slow', () => new Promise(() => undefined));
    expect((await registry.run(50)).checks.slow).toBe('failing: no answer within 50 ms');
  });
});
