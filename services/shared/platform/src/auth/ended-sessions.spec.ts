import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Topics } from '@cairn/contracts';
import { loadPlatformConfig } from '../config/platform-config.js';
import { DocumentStores } from '../documents/document-stores.js';
import { InProcessEventBus } from '../events/adapters/in-process-event-bus.adapter.js';
import { ProcessedEvents } from '../events/processed-events.js';
import { HealthRegistry } from '../health/health.registry.js';
import { EndedSessions } from './ended-sessions.js';

const dataDir = mkdtempSync(join(tmpdir(), 'cairn-sessions-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function start() {
  const config = loadPlatformConfig('conversations', 0, { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const stores = await DocumentStores.create(config, new HealthRegistry());
  const bus = new InProcessEventBus({ producer: 'accounts', processed: new ProcessedEvents(stores.get(config.service)) });
  const sessions = new EndedSessions(bus, config, stores);
  await sessions.onModuleInit();
  return { bus, sessions, stores, config, close: async () => (await bus.close(), await stores.closeAll()) };
}

describe('EndedSessions', () => {
  it('ends a signed-out session and every token of a deleted account, and remembers both after a restart', async () => {
    const first = await start();
    await first.bus.publish(Topics.userSignedOut, { userId: 'u1', sessionId: 's1' });
    await first.bus.publish(Topics.userDeleted, { userId: 'u2' });
    await first.bus.idle();
    expect(first.sessions.isEnded({ uid: 'u1', sessionId: 's1' })).toBe(true);
    expect(first.sessions.isEnded({ uid: 'u1', sessionId: 's2' })).toBe(false);
    expect(first.sessions.isEnded({ uid: 'u1' })).toBe(false);
    expect(first.sessions.isEnded({ uid: 'u2', sessionId: 'any' })).toBe(true);
    await first.close();

    const restarted = await start();
    expect(restarted.sessions.isEnded({ uid: 'u1', sessionId: 's1' })).toBe(true);
    expect(restarted.sessions.isEnded({ uid: 'u2' })).toBe(true);
    await restarted.close();
  });

  it('is refused by every replica of a service, not only the one its consumer group handed the event to', async () => {
    const first = await start();
    const second = new EndedSessions(first.bus, first.config, first.stores);
    await second.onModuleInit();
    await first.bus.publish(Topics.userSignedOut, { userId: 'u3', sessionId: 's3' });
    await first.bus.publish(Topics.userDeleted, { userId: 'u4' });
    await first.bus.idle();
    for (const replica of [first.sessions, second]) {
      expect(replica.isEnded({ uid: 'u3', sessionId: 's3' })).toBe(true);
      expect(replica.isEnded({ uid: 'u4' })).toBe(true);
    }
    await first.close();
  });
});
