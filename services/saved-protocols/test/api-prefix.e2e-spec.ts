import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { requestJson, startTestApp, type TestApp } from '@cairn/testing';
import { SavedProtocolsAppModule } from '../src/app.module.js';

/** What a Gateway API route or a plain Ingress relies on: the API under API_PREFIX, unrewritten; probes at the root. */
describe('a service started with API_PREFIX', () => {
  let api: TestApp;
  let origin: string;

  beforeAll(async () => {
    api = await startTestApp((config) => SavedProtocolsAppModule.forRoot(config), { service: 'saved-protocols', env: { API_PREFIX: '/api' } });
    origin = api.url;
  });
  afterAll(() => api.close());

  it('serves its routes under the prefix and not at the root', async () => {
    const uid = 'prefix-user';
    const token = await api.tokenFor(uid);
    const prefixed = await requestJson(`${origin}/api/protocols/saved/${uid}`, 'GET', { token });
    expect(prefixed.status).toBe(200);
    const bare = await requestJson(`${origin}/protocols/saved/${uid}`, 'GET', { token });
    expect(bare.status).toBe(404);
  });

  it('keeps the probes and metrics at the root, where the kubelet and Prometheus look', async () => {
    expect((await requestJson(`${origin}/healthz`, 'GET')).status).toBe(200);
    expect((await requestJson(`${origin}/readyz`, 'GET')).status).toBe(200);
    const metrics = await fetch(`${origin}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('cairn_http_request_duration_seconds');
    expect((await requestJson(`${origin}/api/healthz`, 'GET')).status).toBe(404);
  });

  it('refuses a prefix that is not a plain path, naming the variable', async () => {
    await expect(startTestApp((config) => SavedProtocolsAppModule.forRoot(config), { env: { API_PREFIX: 'api/' } })).rejects.toThrow(
      /API_PREFIX: must be a path such as \/api/,
    );
  });
});
