import { expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { UploadsAppModule } from '@cairn/uploads';
import { readAllPages } from '@cairn/testing';
import { awaitingApproval, guidelinePdf, indexedProtocol, indexOrder } from '../uploads-fixtures.js';
import { describeContract, type ContractTarget, type ContractUser } from './contract-targets.js';

// docs/product-spec.md §7 "User data and uploads", with multipart bodies as a browser's FormData sends them.

async function multipart(api: ContractTarget, user: ContractUser, path: string, fields: Record<string, string>, file?: { name: string; content: Buffer }) {
  const form = new FormData();
  if (file) form.append('file', new Blob([file.content]), file.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${api.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form });
  return { status: response.status, body: (await response.json()) as any };
}

async function settled(api: ContractTarget, user: ContractUser, uploadId: string) {
  for (let tries = 0; tries < 300; tries++) {
    const status = (await api.request('GET', `/users/${user.uid}/upload-status/${uploadId}`, { token: user.token })).body;
    if (!['uploading', 'processing'].includes(status.status)) return status;
    await sleep(100);
  }
  throw new Error('upload did not settle');
}

describeContract('uploads', (config) => UploadsAppModule.forRoot(config), 'user data and uploads', (s) => {

  it('POST …/upload-documents (file, custom_prompt) returns upload_id and filename; upload-status has the spec fields', async () => {
    const started = await multipart(s.api, s.user, `/users/${s.user.uid}/upload-documents`, { custom_prompt: 'Focus on antivenom' }, { name: 'snakebite.pdf', content: guidelinePdf() });
    expect(started.status).toBeLessThan(300);
    expect(started.body).toMatchObject({ upload_id: expect.any(String), filename: 'snakebite.pdf' });
    const status = (await s.api.request('GET', `/users/${s.user.uid}/upload-status/${started.body.upload_id}`, { token: s.user.token })).body;
    for (const field of ['upload_id', 'filename', 'status', 'progress', 'protocols_extracted', 'protocols_indexed', 'error']) expect(status).toHaveProperty(field);
    if (!s.api.whole) {
      expect(status.status).toBe('processing');
      const second = await multipart(s.api, s.user, `/users/${s.user.uid}/upload-documents`, {}, { name: 'again.pdf', content: guidelinePdf() });
      expect(second.body.detail.message).toBe('Please wait for the current upload to complete');
      expect((await s.api.request('POST', `/users/${s.user.uid}/upload-cancel/${started.body.upload_id}`, { token: s.user.token })).body.success).toBe(true);
      expect((await s.api.request('GET', `/users/${s.user.uid}/upload-status/${started.body.upload_id}`, { token: s.user.token })).body.status).toBe('cancelled');
    }
  });

  it('refuses a file that is not a ZIP or PDF with the spec message', async () => {
    const fresh = await s.api.user();
    const wrong = await multipart(s.api, fresh, `/users/${fresh.uid}/upload-documents`, {}, { name: 'notes.pdf', content: Buffer.from('plain text') });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail.message).toBe('Please upload a ZIP or PDF file.');
  });

  it('GET …/protocols?size=20 answers success, protocols, total; DELETE …/protocols/all answers success, message', async () => {
    expect((await s.api.request('GET', `/users/${s.user.uid}/protocols?size=20`, { token: s.user.token })).body).toMatchObject({ success: true, protocols: expect.any(Array), total: expect.any(Number) });
    expect((await s.api.request('DELETE', `/users/${s.user.uid}/protocols/all`, { token: s.user.token })).body).toMatchObject({ success: true, message: expect.any(String) });
  });

  it('pages with ?size=&offset=: every protocol once, newest first, total on each page, next_offset null on the last; a bad offset is a 400 naming it', async () => {
    const who = await s.api.user();
    const protocols = s.api.documents('uploads').collection<{ id: string }>('user_protocols');
    const seeded = Array.from({ length: 250 }, (_, i) => indexedProtocol(who.uid, i));
    for (const protocol of seeded) await protocols.put(protocol);
    const expected = [...seeded].sort(indexOrder).map((protocol) => protocol.protocolId);
    const listed = await readAllPages(
      (offset) => s.api.request('GET', `/users/${who.uid}/protocols?size=20&offset=${offset}`, { token: who.token }),
      (body) => {
        expect(body).toMatchObject({ success: true, total: 250 });
        return body.protocols.map((protocol: { id: string }) => protocol.id);
      },
    );
    expect(listed).toEqual({ items: expected, pages: 13 });
    const last = await s.api.request('GET', `/users/${who.uid}/protocols?size=50&offset=200`, { token: who.token });
    expect(last.body).toMatchObject({ success: true, total: 250, next_offset: null });
    expect(last.body.protocols).toHaveLength(50);
    const bad = await s.api.request('GET', `/users/${who.uid}/protocols?size=20&offset=-5`, { token: who.token });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatchObject({ field: 'offset', message: expect.stringContaining('offset') });
  });

  it('answers the whole preview without ?size= (the rest from ?offset=), and pages it with ?size=&offset=: every protocol once, total on each page; a bad size is a 400 naming it', async () => {
    const who = await s.api.user();
    const uploadId = '6f1c2b9e-3d4a-4e5f-8a7b-9c0d1e2f3a4b';
    const { job, protocols } = awaitingApproval(who.uid, uploadId, 45);
    await s.api.documents('uploads').collection<{ id: string }>('upload_jobs').put(job);
    for (const protocol of protocols) await s.api.documents('uploads').collection<{ id: string }>('user_protocols').put(protocol);
    const expected = protocols.map((protocol) => protocol.protocolId).sort();
    const path = `/users/${who.uid}/upload-preview/${uploadId}`;
    const whole = (await s.api.request('GET', path, { token: who.token })).body;
    expect(whole).toMatchObject({ success: true, status: 'awaiting_approval', total: 45, next_offset: null });
    expect(whole.protocols.map((protocol: { id: string }) => protocol.id)).toEqual(expected);
    const paged = await readAllPages(
      (offset) => s.api.request('GET', `${path}?size=20&offset=${offset}`, { token: who.token }),
      (body) => {
        expect(body).toMatchObject({ success: true, status: 'awaiting_approval', total: 45 });
        return body.protocols.map((protocol: { id: string }) => protocol.id);
      },
    );
    expect(paged).toEqual({ items: expected, pages: 3 });
    const rest = (await s.api.request('GET', `${path}?offset=40`, { token: who.token })).body;
    expect(rest).toMatchObject({ total: 45, next_offset: null });
    expect(rest.protocols.map((protocol: { id: string }) => protocol.id)).toEqual(expected.slice(40));
    const bad = await s.api.request('GET', `${path}?size=0`, { token: who.token });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatchObject({ field: 'size', message: 'size must be at least 1' });
  });

  (s.whole ? it : it.skip)('runs the whole flow: preview, regenerate, approve, index, rename, regenerate one, delete, delete all, clear preview, delete the account (needs generation, search and accounts beside uploads)', async () => {
    const who = await s.api.user();
    const started = await multipart(s.api, who, `/users/${who.uid}/upload-documents`, {}, { name: 'snakebite.pdf', content: guidelinePdf() });
    const uploadId = started.body.upload_id;
    expect((await settled(s.api, who, uploadId)).status).toBe('awaiting_approval');
    const preview = (await s.api.request('GET', `/users/${who.uid}/upload-preview/${uploadId}`, { token: who.token })).body;
    expect(preview).toMatchObject({ status: 'awaiting_approval', protocols: expect.any(Array) });
    const regenerated = await multipart(s.api, who, `/users/${who.uid}/upload-regenerate/${uploadId}`, { custom_prompt: 'Focus on antivenom' });
    expect(regenerated.status).toBeLessThan(300);
    expect((await settled(s.api, who, uploadId)).status).toBe('awaiting_approval');
    expect((await s.api.request('POST', `/users/${who.uid}/upload-approve/${uploadId}`, { token: who.token })).status).toBe(200);
    const index = (await s.api.request('GET', `/users/${who.uid}/protocols?size=20`, { token: who.token })).body;
    expect(index.total).toBeGreaterThan(0);
    const [first] = index.protocols;
    for (const field of ['id', 'title', 'created_at', 'source_file', 'organization', 'region', 'year', 'steps_count', 'citations_count', 'protocol_data']) expect(first).toHaveProperty(field);
    expect(first.protocol_data).toMatchObject({ steps: expect.any(Array), checklist: expect.any(Array), step_details: expect.any(Array) });
    expect((await s.api.request('PUT', `/users/${who.uid}/protocols/${first.id}/title`, { token: who.token, body: { title: 'Ward antivenom protocol' } })).status).toBe(200);
    expect((await multipart(s.api, who, `/users/${who.uid}/protocols/${first.id}/regenerate`, { custom_prompt: 'adrenaline' })).status).toBeLessThan(300);
    expect((await s.api.request('DELETE', `/users/${who.uid}/protocols/${first.id}`, { token: who.token })).status).toBe(200);
    expect((await s.api.request('DELETE', `/users/${who.uid}/protocols/all`, { token: who.token })).body).toMatchObject({ success: true, message: expect.any(String) });
    expect((await s.api.request('DELETE', `/users/${who.uid}/upload-preview/${uploadId}`, { token: who.token })).status).toBe(200);
    const deleted = await s.api.request('DELETE', `/users/${who.uid}`, { token: who.token });
    expect(deleted.body).toMatchObject({ success: true });
  });

  it('answers 401 without a token, 403 for another s.user and 404 for an unknown upload', async () => {
    expect((await s.api.request('GET', `/users/${s.user.uid}/protocols?size=20`)).status).toBe(401);
    const other = await s.api.user();
    expect((await s.api.request('GET', `/users/${s.user.uid}/protocols?size=20`, { token: other.token })).status).toBe(403);
    expect((await s.api.request('GET', `/users/${s.user.uid}/upload-status/00000000-0000-4000-8000-000000000000`, { token: s.user.token })).status).toBe(404);
  });
});
