import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { listenOnLoopback, startTestApp, type LoopbackServer, type TestApp } from '@cairn/testing';
import { AccountsAppModule } from '../src/app.module.js';
import { SigningKeys } from '../src/keys/signing-keys.js';

/** Keycloak's token and admin-users endpoints, as far as deleting a user goes; records what it was asked. */
async function startKeycloakAdminDouble() {
  const calls: string[] = [];
  const users = new Set(['kc-user-1']);
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      calls.push(`${request.method} ${request.url}`);
      if (request.url === '/realms/hospital/protocol/openid-connect/token') {
        const form = new URLSearchParams(body);
        if (form.get('grant_type') !== 'client_credentials' || form.get('client_secret') !== 'admin-secret') return response.writeHead(401).end();
        return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 'admin-token' }));
      }
      const match = /^\/admin\/realms\/hospital\/users\/([^/]+)$/.exec(request.url ?? '');
      if (request.method === 'DELETE' && match && request.headers.authorization === 'Bearer admin-token') {
        return response.writeHead(users.delete(match[1]) ? 204 : 404).end();
      }
      response.writeHead(404).end();
    });
  });
  const loopback: LoopbackServer = await listenOnLoopback(server);
  return { url: `http://127.0.0.1:${loopback.port}`, calls, users, close: () => loopback.close() };
}

describe('accounts: deleting a directory (Keycloak) user', () => {
  let keycloak: Awaited<ReturnType<typeof startKeycloakAdminDouble>>;
  let api: TestApp;

  beforeAll(async () => {
    keycloak = await startKeycloakAdminDouble();
    const env = { KEYCLOAK_ADMIN_URL: keycloak.url, KEYCLOAK_ADMIN_REALM: 'hospital', KEYCLOAK_ADMIN_CLIENT_ID: 'cairn-admin', KEYCLOAK_ADMIN_CLIENT_SECRET: 'admin-secret' };
    Object.assign(process.env, env);
    try {
      api = await startTestApp((config) => AccountsAppModule.forRoot(config), { service: 'accounts' });
    } finally {
      for (const name of Object.keys(env)) delete process.env[name];
    }
  });
  afterAll(async () => {
    await api.close();
    await keycloak.close();
  });

  const directoryToken = (sub: string, authTime: number) =>
    api.app.get(SigningKeys).sign({ sub, email: `${sub}@hospital.example`, name: 'Dr Directory', sid: `kc-session-${sub}`, authTime, membership: { roles: [] } });

  it('erases the Cairn data of a user who has no Cairn identity, removes them from Keycloak, and refuses their tokens', async () => {
    const token = await directoryToken('kc-user-1', Math.floor(Date.now() / 1000));
    const response = await api.request('DELETE', '/users/kc-user-1', { token });
    expect(response.status).toBe(200);
    for (let wait = 0; wait < 50 && keycloak.users.has('kc-user-1'); wait++) await sleep(50);
    expect(keycloak.users.has('kc-user-1')).toBe(false);
    expect(keycloak.calls).toEqual(['POST /realms/hospital/protocol/openid-connect/token', 'DELETE /admin/realms/hospital/users/kc-user-1']);
    expect((await api.request('GET', '/auth/me', { token })).status).toBe(401);
  });

  it('asks a directory user to sign in again when the sign-in is older than five minutes', async () => {
    const stale = await directoryToken('kc-user-2', Math.floor(Date.now() / 1000) - 600);
    const response = await api.request('DELETE', '/users/kc-user-2', { token: stale });
    expect(response.status).toBe(403);
    expect(response.body.detail.category).toBe('requires_recent_login');
  });
});
