import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BLOB_STORE, EVENT_BUS, type BlobStore } from '@cairn/platform';
import { ChunkWriter } from '@cairn/search';
import { documentStoreBackends, eventually, signUpTestUser, startTestApp, type TestApp } from '@cairn/testing';
import { StandaloneModule } from '../src/index.js';
import { settled, uploadsClient, type UploadUser } from './uploads-client.js';
import { FACT_QUERY, wardSepsisPdf } from './uploads-fixtures.js';

const backends = documentStoreBackends().map((backend) => ({
  name: backend.name,
  start: async () => {
    const started = await backend.start();
    return { ...started, env: started.env.DOCUMENT_STORE === 'mongo' ? { ...started.env, BLOB_STORE: 'gridfs' } : started.env };
  },
}));

interface Hit {
  id: string;
  source: { title: string; body: string; source_url: string; protocol_id?: string; source_file?: string; page?: number | null; owner: string };
}

describe.each(backends)('uploads: a guideline is searchable as a whole document and opens at the cited page (standalone on $name)', (backend) => {
  let server: TestApp;
  let stopStore: () => Promise<void>;
  let client: ReturnType<typeof uploadsClient>;

  const idle = () => (server.app.get(EVENT_BUS) as { idle(): Promise<void> }).idle();
  const chunkCount = async () => (await server.app.get(ChunkWriter).counts()).chunks;
  const userBlobs = async (user: UploadUser) => {
    const prefix = `users/${user.uid}`;
    return (await (server.app.get(BLOB_STORE) as BlobStore).list(prefix)).map((key) => key.slice(prefix.length + 1));
  };
  const approvedGuideline = async (user: UploadUser, regenerateFirst = false) => {
    const started = await client.upload(user, 'ward-sepsis.pdf', wardSepsisPdf());
    expect(started.status).toBe(202);
    const uploadId = started.body.upload_id as string;
    expect((await client.waitFor(user, uploadId, settled)).status).toBe('awaiting_approval');
    if (regenerateFirst) {
      expect((await client.regenerateUpload(user, uploadId, 'escalation and lactate')).status).toBe(202);
      expect((await client.waitFor(user, uploadId, settled)).status).toBe('awaiting_approval');
    }
    expect((await client.approve(user, uploadId)).status).toBe(200);
    await idle();
    return (await client.protocols(user, 50)).body.protocols as { id: string; title: string; updated_at: string; regenerating: boolean; protocol_data: any }[];
  };
  const hits = async (user: UploadUser, query: string): Promise<Hit[]> => (await client.search(user, query, 'user_only')).body.hits;
  const factHit = async (user: UploadUser) => (await hits(user, FACT_QUERY)).find((hit) => hit.source.body.includes('bleep 4417'));
  const sourceOf = (user: UploadUser, protocolId: string, token = user.token, query = '') =>
    fetch(`${server.url}/users/${user.uid}/protocols/${protocolId}/source${query}`, { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    const store = await backend.start();
    stopStore = store.stop;
    server = await startTestApp((config) => StandaloneModule.forRoot(config), { service: 'standalone', prefix: 'api', env: { ...store.env, EMBEDDER: 'none' } });
    client = uploadsClient(server.url, server.request);
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await stopStore();
  });

  it('finds a fact the steps left out, naming protocol, file and page, and links every hit and citation to the file', async () => {
    const alice = await signUpTestUser(server, 'Alice');
    const protocols = await approvedGuideline(alice);
    expect(protocols).toHaveLength(2);
    const steps = protocols.flatMap((p) => p.protocol_data.checklist.map((s: { text: string; explanation: string }) => `${s.text} ${s.explanation}`)).join(' ');
    expect(steps).not.toContain('4417');

    const hit = await factHit(alice);
    const escalation = protocols.find((p) => p.title === 'Sepsis escalation')!;
    expect(hit?.source).toMatchObject({
      protocol_id: escalation.id,
      source_file: 'ward-sepsis.pdf',
      page: 2,
      owner: alice.uid,
      source_url: `/api/users/${alice.uid}/protocols/${escalation.id}/source?page=2`,
    });
    const stepHits = await hits(alice, 'broad-spectrum intravenous antibiotics within one hour');
    expect(stepHits.length).toBeGreaterThan(0);
    for (const stepHit of stepHits) expect(stepHit.source.source_url).toMatch(new RegExp(`^/api/users/${alice.uid}/protocols/${stepHit.source.protocol_id}/source\\?page=[12]$`));

    for (const protocol of protocols) {
      for (const citation of protocol.protocol_data.citations) {
        expect(citation.url).toBe(`/api/users/${alice.uid}/protocols/${protocol.id}/source?page=${citation.page}`);
      }
    }
  });

  it('serves the original PDF to its owner only', async () => {
    const alice = await signUpTestUser(server, 'Alice');
    const bob = await signUpTestUser(server, 'Bob');
    const [protocol] = await approvedGuideline(alice);
    const own = await sourceOf(alice, protocol.id, alice.token, '?page=2');
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('content-disposition')).toContain('ward-sepsis.pdf');
    expect(Buffer.from(await own.arrayBuffer()).equals(wardSepsisPdf())).toBe(true);

    expect((await sourceOf(alice, protocol.id, bob.token)).status).toBe(403);
    expect((await sourceOf(bob, protocol.id)).status).toBe(404);
    expect((await sourceOf(alice, 'up_unknown_0001')).status).toBe(404);
    expect((await sourceOf(alice, protocol.id, alice.token, '?page=0')).status).toBe(400);
    expect((await fetch(`${server.url}/users/${alice.uid}/protocols/${protocol.id}/source`)).status).toBe(401);
  });

  it("serves a preview's PDF from its upload before approval, to its owner only, and none once the preview is cleared", async () => {
    const fay = await signUpTestUser(server, 'Fay');
    const gus = await signUpTestUser(server, 'Gus');
    const started = await client.upload(fay, 'ward-sepsis.pdf', wardSepsisPdf());
    const uploadId = started.body.upload_id as string;
    expect((await client.waitFor(fay, uploadId, settled)).status).toBe('awaiting_approval');
    const preview = (await client.preview(fay, uploadId)).body.protocols as { id: string; protocol_data: { citations: { url: string; page: number }[] } }[];
    expect(preview.length).toBeGreaterThan(0);
    for (const protocol of preview) {
      for (const citation of protocol.protocol_data.citations) expect(citation.url).toBe(`/api/users/${fay.uid}/protocols/${protocol.id}/source?page=${citation.page}`);
    }
    const own = await sourceOf(fay, preview[0].id, fay.token, '?page=2');
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await own.arrayBuffer()).equals(wardSepsisPdf())).toBe(true);
    expect((await sourceOf(fay, preview[0].id, gus.token)).status).toBe(403);
    expect((await sourceOf(gus, preview[0].id)).status).toBe(404);

    expect((await server.request('DELETE', `/users/${fay.uid}/upload-preview/${uploadId}`, { token: fay.token })).status).toBeLessThan(300);
    await idle();
    expect((await sourceOf(fay, preview[0].id)).status).toBe(404);
  });

  it('keeps a PDF through the regeneration of its upload, and a renamed or regenerated protocol keeps its text and steps together', async () => {
    const carol = await signUpTestUser(server, 'Carol');
    const protocols = await approvedGuideline(carol, true);
    const escalation = protocols.find((p) => p.title === 'Sepsis escalation')!;
    expect((await sourceOf(carol, escalation.id)).status).toBe(200);
    const indexed = await chunkCount();

    await server.request('PUT', `/users/${carol.uid}/protocols/${escalation.id}/title`, { token: carol.token, body: { title: 'Night escalation' } });
    await idle();
    expect(await chunkCount()).toBe(indexed);
    expect((await factHit(carol))?.source).toMatchObject({ title: 'Night escalation', protocol_id: escalation.id, page: 2 });
    const renamedSteps = (await hits(carol, 'critical care team lactate above 4 mmol/L')).filter((hit) => hit.source.protocol_id === escalation.id);
    expect(renamedSteps.length).toBeGreaterThan(0);
    expect(renamedSteps.every((hit) => hit.source.title === 'Night escalation')).toBe(true);

    expect((await client.regenerateProtocol(carol, escalation.id, 'urine output')).status).toBe(202);
    const current = await eventually(
      async () => (await client.protocols(carol, 50)).body.protocols.find((p: { id: string }) => p.id === escalation.id),
      (protocol) => !protocol.regenerating && protocol.updated_at !== escalation.updated_at,
      10_000,
      100,
    );
    await idle();
    expect(current.regenerating).toBe(false);
    expect((await factHit(carol))?.source).toMatchObject({ title: 'Night escalation', protocol_id: escalation.id, page: 2 });
    expect(current.protocol_data.citations.every((citation: { url: string }) => citation.url.startsWith(`/api/users/${carol.uid}/protocols/${escalation.id}/source?page=`))).toBe(true);
  });

  it('deletes the text, the steps and the PDF together: one protocol, then all', async () => {
    const dave = await signUpTestUser(server, 'Dave');
    const before = await chunkCount();
    const protocols = await approvedGuideline(dave);
    const escalation = protocols.find((p) => p.title === 'Sepsis escalation')!;
    const recognition = protocols.find((p) => p.title === 'Sepsis recognition')!;
    const withBoth = await chunkCount();
    expect(await userBlobs(dave)).toEqual([
      `protocols/${escalation.id}/source.json`, `protocols/${escalation.id}/source.pdf`,
      `protocols/${recognition.id}/source.json`, `protocols/${recognition.id}/source.pdf`,
    ].sort());

    expect((await server.request('DELETE', `/users/${dave.uid}/protocols/${escalation.id}`, { token: dave.token })).status).toBe(200);
    await idle();
    expect(await factHit(dave)).toBeUndefined();
    expect((await hits(dave, 'critical care team lactate above 4 mmol/L')).filter((hit) => hit.source.protocol_id === escalation.id)).toEqual([]);
    expect((await sourceOf(dave, escalation.id)).status).toBe(404);
    expect((await sourceOf(dave, recognition.id)).status).toBe(200);
    expect(await userBlobs(dave)).toEqual([`protocols/${recognition.id}/source.json`, `protocols/${recognition.id}/source.pdf`]);
    expect(await chunkCount()).toBeLessThan(withBoth);

    await server.request('DELETE', `/users/${dave.uid}/protocols/all`, { token: dave.token });
    await idle();
    expect(await chunkCount()).toBe(before);
    expect(await userBlobs(dave)).toEqual([]);
    expect((await sourceOf(dave, recognition.id)).status).toBe(404);
  });

  it('erases the text, the steps and the PDFs with the account', async () => {
    const erin = await signUpTestUser(server, 'Erin');
    const before = await chunkCount();
    await approvedGuideline(erin);
    expect(await chunkCount()).toBeGreaterThan(before);
    expect(await factHit(erin)).toBeDefined();
    const deleted = await server.request('DELETE', `/users/${erin.uid}`, { token: erin.token, body: { password: 'Sup3rSecret' } });
    expect(deleted.status).toBeLessThan(300);
    await idle();
    expect(await chunkCount()).toBe(before);
    expect(await userBlobs(erin)).toEqual([]);
  });
});
