import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { resolve } from 'node:path';
import { eventually, requestJson, spawnService, startKafkaTestBroker, type KafkaTestBroker, type SpawnedService } from '@cairn/testing';

const entry = (name: string) => resolve(import.meta.dirname, '../..', name, 'dist/main.js');

describe('sessions end in every service of the cluster deployment (separate processes over Kafka, JWKS over HTTP)', () => {
  let broker: KafkaTestBroker;
  let accounts: SpawnedService;
  let conversations: SpawnedService;

  beforeAll(async () => {
    broker = await startKafkaTestBroker();
    const bus = { EVENT_BUS: 'kafka', KAFKA_BROKERS: broker.brokers.join(',') };
    accounts = await spawnService(entry('accounts'), bus);
    conversations = await spawnService(entry('conversations'), { ...bus, AUTH_JWKS_URL: `${accounts.url}/.well-known/jwks.json` });
  }, 120_000);
  afterAll(async () => {
    await conversations?.stop();
    await accounts?.stop();
    await broker?.stop();
  }, 60_000);

  const signUp = async () => {
    const email = `cluster-${Date.now()}-${Math.random().toString(36).slice(2)}@ward.org`;
    const response = await requestJson(`${accounts.url}/auth/signup`, 'POST', { body: { email, password: 'Sup3rSecret', displayName: 'Dr Cluster' } });
    return { uid: response.body.user.uid as string, token: response.body.access_token as string, cookie: response.headers.getSetCookie()[0].split(';')[0] };
  };
  const listConversations = (user: { uid: string }, token: string) => requestJson(`${conversations.url}/conversations/${user.uid}?limit=10`, 'GET', { token });

  it('a signed-out session, a reused refresh token and a deleted account are refused by another service once it hears the event', async () => {
    const signedOut = await signUp();
    expect((await listConversations(signedOut, signedOut.token)).status).toBe(200);
    await requestJson(`${accounts.url}/auth/logout`, 'POST', { token: signedOut.token });
    expect((await eventually(() => listConversations(signedOut, signedOut.token), (r) => r.status === 401)).status).toBe(401);

    const stolen = await signUp();
    const rotated = await requestJson(`${accounts.url}/auth/refresh`, 'POST', { headers: { cookie: stolen.cookie } });
    expect(rotated.status).toBe(200);
    expect((await listConversations(stolen, rotated.body.access_token)).status).toBe(200);
    await requestJson(`${accounts.url}/auth/refresh`, 'POST', { headers: { cookie: rotated.headers.getSetCookie()[0].split(';')[0] } });
    expect((await requestJson(`${accounts.url}/auth/refresh`, 'POST', { headers: { cookie: stolen.cookie } })).status).toBe(401);
    expect((await eventually(() => listConversations(stolen, rotated.body.access_token), (r) => r.status === 401)).status).toBe(401);

    const leaving = await signUp();
    expect((await listConversations(leaving, leaving.token)).status).toBe(200);
    expect((await requestJson(`${accounts.url}/users/${leaving.uid}`, 'DELETE', { token: leaving.token })).status).toBe(200);
    expect((await eventually(() => listConversations(leaving, leaving.token), (r) => r.status === 401)).status).toBe(401);
  }, 120_000);
});
