import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { ocrAvailable } from '@cairn/documents';
import { Topics } from '@cairn/contracts';
import { BLOB_STORE, DocumentStores, EVENT_BUS, type BlobStore, type EventBus } from '@cairn/platform';
import { documentStoreBackends, eventually, readAllPages, scannedPdf, signUpTestUser, startTestApp, type TestApp } from '@cairn/testing';
import { StandaloneModule } from '../src/index.js';
import { JobRuns } from '../../uploads/src/jobs/job-runs.js';
import { corruptPdf, encryptedPdf, guidelinePdf, indexedProtocol, indexOrder, markEncrypted, zeroPagePdf, zip } from './uploads-fixtures.js';
import { settled, uploadsClient, type UploadUser } from './uploads-client.js';

const withOcr = await ocrAvailable();

/** Each document store with its blob store: SQLite with files, MongoDB (or its wire-level double) with GridFS. */
const backends = documentStoreBackends().map((backend) => ({
  name: backend.name,
  start: async () => {
    const started = await backend.start();
    return { ...started, env: started.env.DOCUMENT_STORE === 'mongo' ? { ...started.env, BLOB_STORE: 'gridfs' } : started.env };
  },
}));

describe.each(backends)('uploads: a hospital guideline becomes personal protocols (standalone on $name)', (backend) => {
  let server: TestApp;
  let stopStore: () => Promise<void>;
  let client: ReturnType<typeof uploadsClient>;
  let alice: UploadUser;
  let bob: UploadUser;

  const uploadAndWait = async (user: UploadUser, name: string, content: Uint8Array, customPrompt?: string) => {
    const started = await client.upload(user, name, content, customPrompt);
    expect(started.status).toBe(202);
    const status = await client.waitFor(user, started.body.upload_id, settled);
    return { uploadId: started.body.upload_id as string, status };
  };
  const userBlobs = async (user: UploadUser) => {
    const prefix = `users/${user.uid}`;
    return (await (server.app.get(BLOB_STORE) as BlobStore).list(prefix)).map((key) => key.slice(prefix.length + 1));
  };

  beforeAll(async () => {
    const store = await backend.start();
    stopStore = store.stop;
    server = await startTestApp((config) => StandaloneModule.forRoot(config), { service: 'standalone', prefix: 'api', env: { ...store.env, EMBEDDER: 'none' } });
    client = uploadsClient(server.url, server.request);
    alice = await signUpTestUser(server, 'Alice');
    bob = await signUpTestUser(server, 'Bob');
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await stopStore();
  });

  it('turns a guideline PDF into one protocol per chapter, citing file and page, awaiting approval', async () => {
    const { uploadId, status } = await uploadAndWait(alice, 'snakebite.pdf', guidelinePdf());
    expect(status).toMatchObject({ upload_id: uploadId, filename: 'snakebite.pdf', status: 'awaiting_approval', progress: 100, protocols_extracted: 2, protocols_indexed: null, error: null });
    const preview = await client.preview(alice, uploadId);
    expect(preview.status).toBe(200);
    expect(preview.body.status).toBe('awaiting_approval');
    expect(preview.body.protocols.map((p: { title: string }) => p.title)).toEqual(['Snakebite first aid', 'Antivenom treatment']);
    const [firstAid] = preview.body.protocols;
    expect(firstAid).toMatchObject({ source_file: 'snakebite.pdf', organization: 'User upload', region: 'Global', status: 'preview' });
    expect(firstAid.steps_count).toBeGreaterThanOrEqual(3);
    expect(firstAid.protocol_data.checklist.map((s: { text: string }) => s.text).join(' ')).toMatch(/Immobilise the bitten limb/);
    expect(firstAid.protocol_data.steps).toHaveLength(firstAid.steps_count);
    expect(firstAid.protocol_data.citations[0].source).toContain('snakebite.pdf, page 1');
  });

  it('approves into the index: searchable at once for its owner only, in the user scope', async () => {
    const { uploadId } = await uploadAndWait(alice, 'viper.pdf', guidelinePdf('Viper envenoming guideline'));
    const approved = await client.approve(alice, uploadId);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ success: true, protocols_indexed: 2 });
    expect((await client.status(alice, uploadId)).body).toMatchObject({ status: 'completed', protocols_indexed: 2, progress: 100 });
    expect((await client.preview(alice, uploadId)).body.protocols).toEqual([]);
    const library = await client.protocols(alice, 50);
    expect(library.body.success).toBe(true);
    expect(library.body.protocols.map((p: { title: string }) => p.title)).toContain('Antivenom treatment');
    await (server.app.get(EVENT_BUS) as { idle?: () => Promise<void> }).idle?.();

    const mine = await client.search(alice, 'Antivenom treatment', 'user_only');
    expect(mine.body.hits[0].source.title).toBe('Antivenom treatment');
    expect(mine.body.hits[0].score).toBeGreaterThanOrEqual(6);
    const global = await client.search(alice, 'Antivenom treatment', 'global_only');
    expect(global.body.hits.every((hit: { source: { owner: string } }) => hit.source.owner === 'global')).toBe(true);
    for (const mode of ['mixed', 'user_only', 'global_only'] as const) {
      const theirs = await client.search(bob, 'Antivenom treatment anti-snake venom clotting test', mode);
      expect(theirs.body.hits.every((hit: { source: { title: string } }) => hit.source.title !== 'Antivenom treatment')).toBe(true);
    }
    expect((await userBlobs(alice)).filter((file) => file.startsWith(`uploads/${uploadId}`))).toEqual([]);
  });

  it('renames and deletes protocols, and search follows; delete all empties the index and the blobs', async () => {
    const user = await signUpTestUser(server);
    const { uploadId } = await uploadAndWait(user, 'heat.pdf', guidelinePdf('Heat illness guideline'));
    await client.approve(user, uploadId);
    const [first, second] = (await client.protocols(user)).body.protocols;
    const renamed = await server.request('PUT', `/users/${user.uid}/protocols/${first.id}/title`, { token: user.token, body: { title: 'Ward snakebite checklist' } });
    expect(renamed.body).toMatchObject({ success: true, title: 'Ward snakebite checklist' });
    expect((await server.request('PUT', `/users/${user.uid}/protocols/${first.id}/title`, { token: user.token, body: { title: '  ' } })).body.detail.message).toBe('Title is required');
    await (server.app.get(EVENT_BUS) as { idle?: () => Promise<void> }).idle?.();
    expect((await client.search(user, 'Ward snakebite checklist', 'user_only')).body.hits[0].source.title).toBe('Ward snakebite checklist');

    const deleted = await server.request('DELETE', `/users/${user.uid}/protocols/${second.id}`, { token: user.token });
    expect(deleted.body).toMatchObject({ success: true });
    expect((await server.request('DELETE', `/users/${user.uid}/protocols/${second.id}`, { token: user.token })).status).toBe(404);
    expect((await client.protocols(user)).body.total).toBe(1);

    const all = await server.request('DELETE', `/users/${user.uid}/protocols/all`, { token: user.token });
    expect(all.body).toEqual({ success: true, message: 'Deleted 1 protocols', deleted: 1 });
    await (server.app.get(EVENT_BUS) as { idle?: () => Promise<void> }).idle?.();
    expect((await client.protocols(user)).body).toEqual({ success: true, protocols: [], total: 0, next_offset: null });
    expect((await client.search(user, 'Ward snakebite checklist antivenom', 'user_only')).body.hits).toEqual([]);
    expect(await userBlobs(user)).toEqual([]);
  });

  it('pages through an index of 250 protocols by size and offset: each once, newest first, ties by id; a bad offset is a 400', async () => {
    const carol = await signUpTestUser(server, 'Carol');
    const protocols = server.app.get(DocumentStores).get('uploads').collection<{ id: string }>('user_protocols');
    const seeded = Array.from({ length: 250 }, (_, i) => indexedProtocol(carol.uid, i));
    for (const protocol of [...seeded, indexedProtocol(bob.uid, 0), { ...indexedProtocol(carol.uid, 900), state: 'preview' }]) await protocols.put(protocol);
    const expected = [...seeded].sort(indexOrder).map((protocol) => protocol.protocolId);
    const page = (size: number, offset: number) => server.request('GET', `/users/${carol.uid}/protocols?size=${size}&offset=${offset}`, { token: carol.token });

    for (const size of [20, 100]) {
      const listed = await readAllPages((offset) => page(size, offset), (body) => {
        expect(body).toMatchObject({ success: true, total: 250 });
        return body.protocols.map((protocol: { id: string }) => protocol.id);
      });
      expect(listed.items).toEqual(expected);
      expect(listed.pages).toBe(Math.ceil(250 / size));
    }
    const first = await server.request('GET', `/users/${carol.uid}/protocols?size=20`, { token: carol.token });
    expect(first.body).toMatchObject({ success: true, total: 250, next_offset: 20 });
    expect((await page(500, 200)).body).toMatchObject({ protocols: expect.any(Array), total: 250, next_offset: null });
    expect((await page(500, 200)).body.protocols).toHaveLength(50);
    expect((await page(20, 250)).body).toMatchObject({ success: true, protocols: [], total: 250, next_offset: null });
    for (const offset of ['-1', 'ten', '0.5']) {
      const refused = await server.request('GET', `/users/${carol.uid}/protocols?size=20&offset=${offset}`, { token: carol.token });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toMatchObject({ field: 'offset', message: expect.stringMatching(/^offset must be /) });
    }
  });

  it('reads every PDF of a ZIP and lists what it skipped; one bad file never fails the rest', async () => {
    const archive = zip({
      'guidelines/snakebite.pdf': guidelinePdf(),
      'guidelines/broken.pdf': corruptPdf(),
      'guidelines/empty.pdf': zeroPagePdf(),
      'guidelines/locked.pdf': encryptedPdf(),
      'guidelines/notes.txt': Buffer.from('not a guideline'),
      'guidelines/inner.zip': zip({ 'x.pdf': guidelinePdf() }),
      '../../escape.pdf': guidelinePdf(),
      'secret.pdf': guidelinePdf(),
      '__MACOSX/._snakebite.pdf': Buffer.from('resource fork'),
    });
    const { status } = await uploadAndWait(alice, 'ward.zip', markEncrypted(archive, 'secret.pdf'));
    expect(status.status).toBe('awaiting_approval');
    expect(status.protocols_extracted).toBe(2);
    const errors = Object.fromEntries(status.files.map((file: { name: string; error: string | null }) => [file.name, file.error]));
    expect(errors).toEqual({
      'snakebite.pdf': null,
      'broken.pdf': 'the file is damaged or not a readable PDF',
      'empty.pdf': 'the PDF has no pages',
      'locked.pdf': 'the PDF is password-protected',
      'notes.txt': 'not a PDF',
      'inner.zip': 'nested ZIP archives are not opened',
      'escape.pdf': 'unsafe file name in the archive',
      'secret.pdf': 'encrypted in the archive',
    });
    expect(existsSync(join(server.config.DATA_DIR, '..', 'escape.pdf'))).toBe(false);
  });

  it('ends in an error naming each file when nothing can be read, never an empty protocol', async () => {
    const { status } = await uploadAndWait(alice, 'bad.zip', zip({ 'a.pdf': corruptPdf(), 'b.pdf': zeroPagePdf() }));
    expect(status.status).toBe('error');
    expect(status.error).toBe('No text could be read from bad.zip (a.pdf: the file is damaged or not a readable PDF; b.pdf: the PDF has no pages).');
    expect(status.protocols_extracted).toBeNull();
  });

  it('refuses hostile and wrong files with a clear 4xx and keeps nothing', async () => {
    const wrongType = await client.upload(alice, 'protocol.pdf', Buffer.from('just text, not a PDF at all'));
    expect(wrongType).toEqual({ status: 400, body: { detail: { message: 'Please upload a ZIP or PDF file.', category: 'invalid_file_type', field: 'file' } } });
    const renamedExe = await client.upload(alice, 'guide.zip', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]));
    expect(renamedExe.body.detail.message).toBe('Please upload a ZIP or PDF file.');
    const bomb = await client.upload(alice, 'bomb.zip', zip({ 'zeros.pdf': new Uint8Array(30 * 1024 * 1024) }));
    expect(bomb.status).toBe(400);
    expect(bomb.body.detail.message).toBe('The ZIP file expands far more than documents do (a ZIP bomb); it was not opened.');
    const entries = Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`f${i}.pdf`, new Uint8Array(1)]));
    const crowded = await client.upload(alice, 'many.zip', zip(entries));
    expect(crowded.body.detail.message).toBe('The ZIP file has 10001 entries; at most 10000 are accepted.');
    const damaged = await client.upload(alice, 'damaged.zip', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]));
    expect(damaged.body.detail.message).toBe('The ZIP file is damaged and cannot be read.');
    const noFile = await server.request('POST', `/users/${alice.uid}/upload-documents`, { token: alice.token, body: { file: 'x' } });
    expect(noFile.status).toBe(400);
    const jobs = await client.protocols(alice);
    expect(jobs.status).toBe(200);
    expect((await userBlobs(alice)).filter((file) => file.endsWith('/original'))).toEqual([]);
  });

  it('stops reading an upload over 100 MB at once with 413 and the spec\'s message', async () => {
    const declared = 110 * 1024 * 1024;
    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(`${server.url}/users/${alice.uid}/upload-documents`);
      const req = httpRequest(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(declared) },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => {
          expect(res.headers.connection).toBe('close');
          req.destroy();
          resolve({ status: res.statusCode!, body });
        });
      });
      req.on('error', reject);
      req.write('--x\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n\r\n%PDF-1.4\n');
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body).detail.message).toBe('File too large (110.0 MB). Maximum size is 100MB.');
  });

  it('allows one running upload per user; cancel stops it for good', async () => {
    const user = await signUpTestUser(server);
    const many = zip(Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`doc-${i}.pdf`, guidelinePdf(`Guideline ${i}`)])));
    const first = await client.upload(user, 'many.zip', many);
    expect(first.status).toBe(202);
    const second = await client.upload(user, 'snakebite.pdf', guidelinePdf());
    expect(second).toEqual({ status: 409, body: { detail: { message: 'Please wait for the current upload to complete', category: 'upload_in_progress' } } });
    const otherUser = await client.upload(alice, 'other.pdf', guidelinePdf());
    expect(otherUser.status).toBe(202);

    const cancelled = await client.cancel(user, first.body.upload_id);
    expect(cancelled.body).toEqual({ success: true, message: 'Upload cancelled' });
    // The worker extracting it stops at its next file and removes what it wrote meanwhile; once the uploads service
    // runs nothing on the job (its JobRuns), and the events it published are handled, nothing changes it any more.
    const runs = server.app.get(JobRuns);
    expect(await eventually(async () => runs.busyWith(first.body.upload_id), (busy) => !busy, 10_000, 50)).toBe(false);
    await (server.app.get(EVENT_BUS) as EventBus & { idle(): Promise<void> }).idle();
    expect((await client.status(user, first.body.upload_id)).body).toMatchObject({ status: 'cancelled', error: null });
    expect((await client.preview(user, first.body.upload_id)).body.protocols).toEqual([]);
    expect(await userBlobs(user)).toEqual([]);
    expect((await client.upload(user, 'snakebite.pdf', guidelinePdf())).status).toBe(202);
    expect((await client.cancel(alice, otherUser.body.upload_id)).status).toBeLessThan(500);
  });

  it('regenerates an upload with instructions, and one protocol of the index', async () => {
    const user = await signUpTestUser(server);
    const { uploadId } = await uploadAndWait(user, 'snakebite.pdf', guidelinePdf());
    const again = await client.regenerateUpload(user, uploadId, 'Focus on antivenom and the clotting test');
    expect(again.status).toBe(202);
    const status = await client.waitFor(user, uploadId, settled);
    expect(status.status).toBe('awaiting_approval');
    const preview = (await client.preview(user, uploadId)).body.protocols;
    expect(preview[0].title).toBe('Antivenom treatment');
    await client.approve(user, uploadId);
    const [protocol] = (await client.protocols(user)).body.protocols;
    const asJson = await server.request('POST', `/users/${user.uid}/protocols/${protocol.id}/regenerate`, { token: user.token, body: { custom_prompt: 42 } });
    expect(asJson.body.detail.message).toBe('custom_prompt must be text');
    const regenerated = await client.regenerateProtocol(user, protocol.id, 'adrenaline anaphylaxis');
    expect(regenerated).toMatchObject({ status: 202, body: { success: true, protocol_id: protocol.id } });
    const current = await eventually(
      async () => (await client.protocols(user)).body.protocols.find((p: { id: string }) => p.id === protocol.id),
      (listed) => !listed.regenerating && listed.updated_at !== protocol.updated_at,
      5_000,
      100,
    );
    expect(current.regenerating).toBe(false);
    expect(current.title).toBe(protocol.title);
  });

  it('never duplicates a protocol when events are delivered again', async () => {
    const user = await signUpTestUser(server);
    const { uploadId } = await uploadAndWait(user, 'snakebite.pdf', guidelinePdf());
    const bus = server.app.get(EVENT_BUS) as EventBus & { idle(): Promise<void> };
    const job = (await client.status(user, uploadId)).body;
    await bus.publish(Topics.uploadExtracted, { uploadId, userId: user.uid, filename: 'snakebite.pdf', documentsRef: `users/${user.uid}/uploads/${uploadId}/extracted/documents.json` }, { correlationId: 'replayed-request' });
    await bus.idle();
    expect((await client.preview(user, uploadId)).body.protocols).toHaveLength(job.protocols_extracted);
    await client.approve(user, uploadId);
    await client.approve(user, uploadId);
    const [protocol] = (await client.protocols(user)).body.protocols;
    await bus.publish(Topics.protocolApproved, { protocol: { protocolId: protocol.id, ownerId: user.uid, title: protocol.title, sections: [{ heading: protocol.title, body: 'replayed' }] } }, { id: `${uploadId}:${protocol.id}:approved` });
    await bus.idle();
    expect((await client.protocols(user)).body.total).toBe(2);
    const hits = (await client.search(user, protocol.title, 'user_only')).body.hits.filter((hit: { source: { title: string } }) => hit.source.title === protocol.title);
    expect(new Set(hits.map((hit: { id: string }) => hit.id)).size).toBe(hits.length);
  });

  it('erases uploads, protocols and blobs when the account is deleted', async () => {
    const user = await signUpTestUser(server);
    const { uploadId } = await uploadAndWait(user, 'snakebite.pdf', guidelinePdf());
    await client.approve(user, uploadId);
    const deleted = await server.request('DELETE', `/users/${user.uid}`, { token: user.token, body: { password: 'Sup3rSecret' } });
    expect(deleted.status).toBeLessThan(300);
    await (server.app.get(EVENT_BUS) as { idle(): Promise<void> }).idle();
    expect(await userBlobs(user)).toEqual([]);
    const store = server.app.get(DocumentStores).get('uploads');
    expect(await store.collection<{ id: string; userId: string }>('user_protocols').count({ userId: user.uid })).toBe(0);
    expect(await store.collection<{ id: string; userId: string }>('upload_jobs').count({ userId: user.uid })).toBe(0);
    const other = await signUpTestUser(server);
    expect((await client.search(other, 'Antivenom treatment', 'mixed')).body.hits.every((hit: { source: { owner: string } }) => hit.source.owner !== user.uid)).toBe(true);
  });

  it('answers 403 for another user\'s id and 404 for unknown uploads on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string][] = [
      ['GET', `upload-status/${id}`], ['GET', `upload-preview/${id}`], ['DELETE', `upload-preview/${id}`], ['POST', `upload-approve/${id}`],
      ['POST', `upload-cancel/${id}`], ['POST', `upload-regenerate/${id}`], ['GET', 'protocols'], ['PUT', 'protocols/p1/title'],
      ['DELETE', 'protocols/p1'], ['DELETE', 'protocols/all'], ['POST', 'protocols/p1/regenerate'], ['POST', 'upload-documents'],
    ];
    for (const [method, path] of routes) {
      const forbidden = await server.request(method, `/users/${alice.uid}/${path}`, { token: bob.token, body: method === 'PUT' ? { title: 'x' } : undefined });
      expect([method, path, forbidden.status]).toEqual([method, path, 403]);
    }
    for (const [method, path] of routes.slice(0, 6)) {
      const missing = await server.request(method, `/users/${alice.uid}/${path}`, { token: alice.token });
      expect([method, path, missing.status, missing.body.detail.message]).toEqual([method, path, 404, 'Upload not found']);
    }
    for (const [method, path] of [['PUT', 'protocols/p1/title'], ['DELETE', 'protocols/p1'], ['POST', 'protocols/p1/regenerate']]) {
      const missing = await server.request(method, `/users/${alice.uid}/${path}`, { token: alice.token, body: method === 'PUT' ? { title: 'x' } : undefined });
      expect([method, path, missing.status]).toEqual([method, path, 404]);
    }
  });

  (withOcr ? it : it.skip)('reads a scanned page with OCR (needs tesseract-ocr and poppler-utils)', async () => {
    const scan = scannedPdf([
      { text: 'Snakebite ward protocol', size: 20 },
      { text: 'Immobilise the bitten limb and keep the patient still.', size: 14 },
      { text: 'Give antivenom when the clotting test shows unclotted blood.', size: 14 },
      { text: 'Monitor urine output and blood pressure every hour.', size: 14 },
    ]);
    const user = await signUpTestUser(server);
    const { uploadId, status } = await uploadAndWait(user, 'scanned.pdf', scan);
    expect(status.files).toEqual([{ name: 'scanned.pdf', pages: 1, ocr_pages: 1, error: null }]);
    const text = JSON.stringify((await client.preview(user, uploadId)).body.protocols);
    expect(text).toMatch(/Immobilise the bitten limb/);
  });
});
