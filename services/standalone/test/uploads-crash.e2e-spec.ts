import { afterAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eventually, requestJson, spawnService, type SpawnedService } from '@cairn/testing';
import { guidelinePdf, zip } from './uploads-fixtures.js';
import { settled, uploadsClient, type UploadUser } from './uploads-client.js';

const entry = resolve(import.meta.dirname, '../dist/main.js');
const archive = zip(Object.fromEntries(['Snakebite', 'Viper', 'Krait'].map((name) => [`${name}.pdf`, guidelinePdf(`${name} ward protocol`)])));
const PROTOCOLS = 6;

const files = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).flatMap((item) => (item.isDirectory() ? files(join(dir, item.name)).map((f) => `${item.name}/${f}`) : [item.name])) : [];

/** The standalone server as its own OS process on a DATA_DIR that outlives it. */
function server(dataDir: string, crashPoint?: string): Promise<SpawnedService> {
  return spawnService(entry, { DATA_DIR: dataDir, EMBEDDER: 'none', UPLOAD_JOB_LEASE_MS: '500', ...(crashPoint ? { CAIRN_CRASH_POINT: crashPoint } : {}) }, 60_000).then((service) => {
    service.url = `${service.url}/api`;
    return service;
  });
}

const killed = (service: SpawnedService) =>
  new Promise<NodeJS.Signals | null>((done) => (service.process.exitCode !== null || service.process.signalCode ? done(service.process.signalCode) : service.process.once('exit', (_code, signal) => done(signal))));

async function signUp(url: string): Promise<UploadUser> {
  const response = await requestJson(`${url}/auth/signup`, 'POST', { body: { email: `crash-${Date.now()}@cairn.test`, password: 'Sup3rSecret', displayName: 'Crash Test' } });
  return { uid: response.body.user.uid, token: response.body.access_token };
}

describe('uploads survive a SIGKILL at every stage (standalone process restarted on the same DATA_DIR)', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it.each([['uploads.extracting'], ['uploads.extracted'], ['generation.generating'], ['uploads.approving']])(
    'killed at %s, the job ends as it would have, with no duplicate protocol and no orphan blob',
    async (point) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'cairn-crash-'));
      dirs.push(dataDir);
      const doomed = await server(dataDir, point);
      const user = await signUp(doomed.url);
      const client = uploadsClient(doomed.url, (method, path, options) => requestJson(`${doomed.url}${path}`, method, options));
      const started = await client.upload(user, 'ward.zip', archive);
      expect(started.status).toBe(202);
      const uploadId = started.body.upload_id;
      if (point === 'uploads.approving') {
        await client.waitFor(user, uploadId, settled);
        await client.approve(user, uploadId).catch(() => undefined);
      }
      expect(await killed(doomed)).toBe('SIGKILL');

      const restarted = await server(dataDir);
      try {
        const again = uploadsClient(restarted.url, (method, path, options) => requestJson(`${restarted.url}${path}`, method, options));
        const status = await again.waitFor(user, uploadId, (body) => settled(body) && !(point === 'uploads.approving' && body.status === 'awaiting_approval'));
        expect(status).toMatchObject({ status: point === 'uploads.approving' ? 'completed' : 'awaiting_approval', protocols_extracted: PROTOCOLS, error: null });
        if (point !== 'uploads.approving') {
          const preview = (await again.preview(user, uploadId)).body.protocols;
          expect(new Set(preview.map((p: { title: string; source_file: string }) => `${p.title}/${p.source_file}`)).size).toBe(PROTOCOLS);
          expect((await again.approve(user, uploadId)).body.protocols_indexed).toBe(PROTOCOLS);
        }
        const library = (await again.protocols(user, 50)).body;
        expect(library.total).toBe(PROTOCOLS);
        expect(new Set(library.protocols.map((p: { title: string }) => `${p.title}/${p.source_file}`)).size).toBe(PROTOCOLS);
        const hits = (await again.search(user, 'Antivenom treatment', 'user_only')).body.hits;
        expect(hits[0].source.title).toBe('Antivenom treatment');
        expect(files(join(dataDir, 'blobs/objects/users', user.uid)).sort()).toEqual(library.protocols.flatMap((p: { id: string }) => [`protocols/${p.id}/source.json`, `protocols/${p.id}/source.pdf`]).sort());
        expect(files(join(dataDir, 'uploads-tmp'))).toEqual([]);
      } finally {
        await restarted.stop();
      }
    },
    120_000,
  );

  it('killed while receiving the file, the job ends in an error, frees the user for a new upload and leaves no file behind', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cairn-crash-'));
    dirs.push(dataDir);
    const doomed = await server(dataDir, 'uploads.receiving');
    const user = await signUp(doomed.url);
    const client = uploadsClient(doomed.url, (method, path, options) => requestJson(`${doomed.url}${path}`, method, options));
    await expect(client.upload(user, 'ward.zip', archive)).rejects.toThrow();
    expect(await killed(doomed)).toBe('SIGKILL');
    const restarted = await server(dataDir);
    try {
      const again = uploadsClient(restarted.url, (method, path, options) => requestJson(`${restarted.url}${path}`, method, options));
      // Refused (409) until the restarted server ends the interrupted job, once its lease has run out.
      const retried = await eventually(() => again.upload(user, 'ward.zip', archive), (response) => response.status !== 409, 10_000, 200);
      expect(retried.status).toBe(202);
      expect((await again.waitFor(user, retried.body.upload_id, settled)).status).toBe('awaiting_approval');
      expect(files(join(dataDir, 'blobs/objects/users', user.uid)).filter((file) => !file.startsWith(`uploads/${retried.body.upload_id}/`))).toEqual([]);
    } finally {
      await restarted.stop();
    }
  }, 120_000);
});
