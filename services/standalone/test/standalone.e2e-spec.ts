import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUpTestUser, startTestApp, type TestApp } from '@cairn/testing';
import { serveFrontends, StandaloneModule } from '../src/index.js';

function fakeFrontends(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-frontends-'));
  mkdirSync(join(dir, 'shell/dist/assets'), { recursive: true });
  writeFileSync(join(dir, 'shell/dist/index.html'), '<!doctype html><title>Cairn</title><div id="root"></div>');
  writeFileSync(join(dir, 'shell/dist/assets/main.abc123.js'), 'console.log("shell")');
  for (const remote of ['chat', 'sidebar', 'upload']) {
    mkdirSync(join(dir, remote, 'dist'), { recursive: true });
    writeFileSync(join(dir, remote, 'dist/mf-manifest.json'), JSON.stringify({ name: remote }));
  }
  return dir;
}

describe('standalone: one process, API under /api, frontends around it', () => {
  let server: TestApp;
  let origin: string;

  beforeAll(async () => {
    const frontendsDir = fakeFrontends();
    server = await startTestApp((config) => StandaloneModule.forRoot(config), {
      service: 'standalone',
      prefix: 'api',
      beforeListen: (app) =>
        serveFrontends(app.getHttpAdapter().getInstance(), { apiPrefix: 'api' }, { FRONTENDS_DIR: frontendsDir }),
    });
    origin = server.url.replace(/\/api$/, '');
  });
  afterAll(async () => {
    await server.close();
  });

  it('sends the security headers: a strict CSP for pages, none at all for API answers, and no CORS', async () => {
    const page = await fetch(`${origin}/login`);
    const policy = page.headers.get('content-security-policy')!;
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    const api = await fetch(`${server.url}/healthz`, { headers: { origin: 'https://evil.example' } });
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers.get('access-control-allow-origin')).toBeNull();
    for (const response of [page, api]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
    const preflight = await fetch(`${server.url}/auth/login`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const forged = await fetch(`${server.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers.get('strict-transport-security')).toBeNull();
  });

  it('answers health under /api', async () => {
    expect((await server.request('GET', '/healthz')).body).toEqual({ status: 'ok' });
    const ready = await server.request('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ok');
  });

  it('serves the shell for every SPA route of the spec', async () => {
    for (const path of ['/', '/login', '/signup', '/forgot-password', '/dashboard', '/dashboard?q=dengue']) {
      const response = await fetch(`${origin}${path}`, { redirect: 'manual' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('redirects any other page path to /', async () => {
    for (const path of ['/settings', '/dashboard/old/link', '/unknown?x=1']) {
      const response = await fetch(`${origin}${path}`, { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/');
    }
  });

  it('answers unknown API paths with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await fetch(`${origin}/api/does-not-exist`, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: expect.objectContaining({ category: 'not_found' }) });
    }
  });

  it('serves hashed assets as immutable and remotes under /remotes/<name>/', async () => {
    const asset = await fetch(`${origin}/assets/main.abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const manifest = await fetch(`${origin}/remotes/chat/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await manifest.json()).toEqual({ name: 'chat' });
    expect((await fetch(`${origin}/assets/missing.js`)).status).toBe(404);
  });

  it('publishes the runtime config that tells the shell where the remotes are', async () => {
    const response = await fetch(`${origin}/runtime-config.json`);
    expect(await response.json()).toEqual({
      apiBaseUrl: '/api',
      remotes: {
        chat: '/remotes/chat/mf-manifest.json',
        sidebar: '/remotes/sidebar/mf-manifest.json',
        upload: '/remotes/upload/mf-manifest.json',
      },
      auth: { mode: 'local' },
    });
  });

  it('hosts accounts in the same process and verifies its tokens locally', async () => {
    const user = await signUpTestUser(server);
    const me = await server.request('GET', '/auth/me', { token: user.token });
    expect(me.status).toBe(200);
    expect(me.body.user.uid).toBe(user.uid);
    expect((await server.request('GET', '/.well-known/jwks.json')).body.keys).toHaveLength(1);
  });
});
