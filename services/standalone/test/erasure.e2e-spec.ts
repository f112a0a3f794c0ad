import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually, startTestApp, type TestApp } from '@cairn/testing';
import { StandaloneModule } from '../src/index.js';
import { erasureJourney } from './erasure-journey.js';
import { otherFilesMentioning, sqliteBytesMentioning, sqliteRowsMentioning } from './erasure-traces.js';

describe('deleting an account erases every trace of it in every service (standalone)', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp((config) => StandaloneModule.forRoot(config), { service: 'standalone', prefix: 'api', env: { EMBEDDER: 'none' } });
  }, 120_000);
  afterAll(async () => {
    await server.close();
  });

  it('leaves no row, blob or mail with the uid or the e-mail, while another user keeps everything', async () => {
    const journey = erasureJourney(server.url, server.request);
    const leaving = await journey.signUp('Leaving');
    const staying = await journey.signUp('Staying');
    for (const user of [leaving, staying]) await journey.leaveTraces(user);
    const needles = [leaving.uid, leaving.email];
    expect(sqliteRowsMentioning(server.config.DATA_DIR, needles).length).toBeGreaterThan(3);

    await journey.deleteAccount(leaving);

    const left = await eventually(
      async () => [...sqliteRowsMentioning(server.config.DATA_DIR, needles), ...otherFilesMentioning(server.config.DATA_DIR, needles)],
      (found) => found.length === 0,
      10_000,
      100,
    );
    expect(left).toEqual([]);
    expect(sqliteBytesMentioning(server.config.DATA_DIR, needles)).toEqual([]);
    expect(sqliteRowsMentioning(server.config.DATA_DIR, [staying.uid]).length).toBeGreaterThan(3);
    expect((await journey.client.protocols(staying)).body.total).toBeGreaterThan(0);
    expect((await server.request('GET', `/conversations/${staying.uid}?limit=10`, { token: staying.token })).body).not.toEqual([]);
  }, 120_000);
});
