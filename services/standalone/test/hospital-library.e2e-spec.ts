import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomUUID } from 'node:crypto';
import { Topics, type ProtocolPublished, type ProtocolUnpublished } from '@cairn/contracts';
import { BLOB_STORE, EVENT_BUS, type BlobStore, type InProcessEventBus } from '@cairn/platform';
import { documentStoreBackends, nextMillisecond, startTestApp, type JsonResponse, type TestApp } from '@cairn/testing';
import { StandaloneModule } from '../src/index.js';
import { sqliteRowsMentioning } from './erasure-traces.js';
import { guidelinePdf } from './uploads-fixtures.js';
import { settled, uploadsClient } from './uploads-client.js';

const PASSWORD = 'Sup3rSecret';
const HOSPITAL = "St Mary's Hospital";

interface Member {
  uid: string;
  email: string;
  token: string;
  cookie: string;
}

const refreshCookieOf = (response: JsonResponse) => (response.headers.getSetCookie().find((cookie) => cookie.startsWith('cairn_refresh=')) ?? '').split(';')[0];

/**
 * The hospital library through the standalone server's HTTP API (docs/hospital-library.md, "The
 * library" and "Approval trail"): an editor publishes, replaces, renames and unpublishes, each change
 * reaching search as an event owned by the organisation; members read the library, only editors
 * change it or read the trail, and an erased editor's entries stay under a pseudonym.
 */
/** Each document store with its blob store: SQLite with files, MongoDB (or its wire-level double) with GridFS. */
const backends = documentStoreBackends().map((backend) => ({
  name: backend.name,
  sqlite: !backend.name.startsWith('Mongo'),
  start: async () => {
    const started = await backend.start();
    return { ...started, env: started.env.DOCUMENT_STORE === 'mongo' ? { ...started.env, BLOB_STORE: 'gridfs' } : started.env };
  },
}));

describe.each(backends)('the hospital library and its approval trail (standalone on $name)', (backend) => {
  let server: TestApp;
  let stopStore: () => Promise<void>;
  let bus: InProcessEventBus;
  let blobs: BlobStore;
  let client: ReturnType<typeof uploadsClient>;
  const domain = `ward-${randomUUID().slice(0, 8)}.org`;
  const otherDomain = `clinic-${randomUUID().slice(0, 8)}.org`;
  const published: ProtocolPublished[] = [];
  const unpublished: ProtocolUnpublished[] = [];
  let matron: Member;
  let nurse: Member;
  let locum: Member;
  let stranger: Member;
  let uploadId: string;
  let protocols: { id: string; title: string }[];

  const signUp = async (email: string, displayName: string): Promise<Member> => {
    const response = await server.request('POST', '/auth/signup', { body: { email, password: PASSWORD, displayName } });
    expect(response.status).toBe(201);
    return { uid: response.body.user.uid, email, token: response.body.access_token, cookie: refreshCookieOf(response) };
  };
  const as = (member: Member, body?: unknown) => ({ token: member.token, body });
  const library = (member: Member) => server.request('GET', '/library', as(member));
  const trail = (member: Member) => server.request('GET', '/library/approval-trail', as(member));
  const idle = () => bus.idle();

  beforeAll(async () => {
    const store = await backend.start();
    stopStore = store.stop;
    process.env.ORGANISATION_NAMES = `${domain}=${HOSPITAL};${otherDomain}=Riverside Clinic`;
    try {
      server = await startTestApp((config) => StandaloneModule.forRoot(config), { service: 'standalone', prefix: 'api', env: { ...store.env, EMBEDDER: 'none' } });
    } finally {
      delete process.env.ORGANISATION_NAMES;
    }
    bus = server.app.get<InProcessEventBus>(EVENT_BUS);
    blobs = server.app.get<BlobStore>(BLOB_STORE);
    await bus.subscribe(Topics.protocolPublished, 'library-e2e', async (event) => void published.push(event.payload));
    await bus.subscribe(Topics.protocolUnpublished, 'library-e2e', async (event) => void unpublished.push(event.payload));
    client = uploadsClient(server.url, server.request);
    matron = await signUp(`matron@${domain}`, 'Matron Adeyemi');
    nurse = await signUp(`nurse@${domain}`, 'Nurse Okafor');
    locum = await signUp(`locum-${randomUUID().slice(0, 8)}@gmail.com`, 'Locum Doctor');
    stranger = await signUp(`chief@${otherDomain}`, 'Chief Elsewhere');

    const started = await client.upload(matron, 'snakebite.pdf', guidelinePdf('Snakebite ward protocol'));
    uploadId = started.body.upload_id;
    expect((await client.waitFor(matron, uploadId, settled)).status).toBe('awaiting_approval');
    expect((await client.approve(matron, uploadId)).body.protocols_indexed).toBe(2);
    protocols = (await client.protocols(matron)).body.protocols;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await stopStore?.();
  });

  it('shows every member their organisation, their roles and its library; a user of no organisation none', async () => {
    expect((await library(nurse)).body).toEqual({ organisation: { id: domain, name: HOSPITAL }, roles: [], protocols: [] });
    expect((await library(matron)).body).toMatchObject({ organisation: { id: domain, name: HOSPITAL }, roles: ['administrator'] });
    expect((await library(locum)).body).toEqual({ organisation: null, roles: [], protocols: [] });
  });

  it('refuses changes and the trail to members (not_editor) and to users of no organisation (no_organisation)', async () => {
    const notEditor = { detail: { category: 'not_editor', message: 'Only editors can change the hospital library.' } };
    const noOrganisation = { detail: { category: 'no_organisation', message: 'Your account does not belong to a hospital.' } };
    for (const [member, refusal] of [[nurse, notEditor], [locum, noOrganisation]] as const) {
      for (const response of [
        await server.request('POST', '/library', as(member, { protocolId: protocols[0].id })),
        await server.request('PUT', '/library/lib_x/title', as(member, { title: 'Mine now' })),
        await server.request('DELETE', '/library/lib_x', as(member)),
        await trail(member),
        await server.request('GET', '/library/approval-trail?format=csv', as(member)),
      ]) {
        expect(response.status).toBe(403);
        expect(response.body).toEqual(refusal);
      }
    }
    expect((await server.request('POST', '/library', as(matron, {}))).status).toBe(400);
    expect((await server.request('POST', '/library', as(matron, { protocolId: protocols[0].id, uploadId }))).status).toBe(400);
    expect((await server.request('POST', '/library', as(matron, { protocolId: 'up_not_mine_0001' }))).status).toBe(404);
    expect((await server.request('POST', '/library', as(stranger, { protocolId: protocols[0].id }))).status).toBe(404);
  });

  it('publishes a protocol as the organisation\'s copy: protocol.published owned by the organisation, its text a copy of its own', async () => {
    const response = await server.request('POST', '/library', as(matron, { protocolId: protocols[0].id }));
    expect(response.status).toBe(200);
    const [copy] = response.body.protocols;
    expect(copy).toMatchObject({ id: expect.stringMatching(/^lib_/), title: protocols[0].title, sourceProtocolId: protocols[0].id, sourceFile: 'snakebite.pdf', publishedBy: 'Matron Adeyemi' });
    const original = await blobs.get(`users/${matron.uid}/protocols/${protocols[0].id}/source.pdf`);
    expect(copy.sourceChecksum).toBe(createHash('sha256').update(original!).digest('hex'));
    await idle();

    expect(published.at(-1)).toMatchObject({ organisationName: HOSPITAL, sourceProtocolId: protocols[0].id, protocol: { protocolId: copy.id, ownerId: domain, title: protocols[0].title, sourceFile: 'snakebite.pdf', sourceUrl: '' } });
    const textRef = published.at(-1)!.protocol!.documentTextRef;
    expect(textRef).toBe(`library/${copy.id}/source.json`);
    const text = (await blobs.get(textRef))!.toString('utf8');
    expect(JSON.parse(text).sections.length).toBeGreaterThan(0);
    expect(text).not.toContain(matron.uid);
    expect((await library(nurse)).body.protocols).toEqual([copy]);

    const found = await server.request('POST', '/protocols/search?search_mode=hospital_only&use_hybrid=true&enhance_query=true', as(nurse, { query: protocols[0].title }));
    expect(found.body.hits[0].source).toMatchObject({ owner: 'hospital', hospital: HOSPITAL, title: protocols[0].title });
    expect((await server.request('POST', '/protocols/search?search_mode=hospital_only', as(stranger, { query: protocols[0].title }))).body.hits).toEqual([]);
  });

  it('publishes every protocol of an approved upload, replacing the copy of one already published', async () => {
    const before = (await library(matron)).body.protocols;
    const response = await server.request('POST', '/library', as(matron, { uploadId }));
    expect(response.status).toBe(200);
    expect(response.body.protocols.map((protocol: { sourceProtocolId: string }) => protocol.sourceProtocolId)).toEqual(protocols.map((protocol) => protocol.id).sort());
    const after = (await library(matron)).body.protocols;
    expect(after).toHaveLength(2);
    expect(after.map((protocol: { id: string }) => protocol.id)).toContain(before[0].id);
    await idle();
    expect(published.slice(-2).map((event) => event.protocol!.ownerId)).toEqual([domain, domain]);
  });

  it('renames a library copy (protocol.published again), which the editor\'s own protocol and its deletion leave alone', async () => {
    const [copy] = (await library(matron)).body.protocols.filter((protocol: { sourceProtocolId: string }) => protocol.sourceProtocolId === protocols[1].id);
    await nextMillisecond();
    const renamed = await server.request('PUT', `/library/${copy.id}/title`, as(matron, { title: '=HYPERLINK("http://evil.example","Ward antivenom")' }));
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ success: true, id: copy.id, title: '=HYPERLINK("http://evil.example","Ward antivenom")' });
    expect((await server.request('PUT', `/library/${copy.id}/title`, as(matron, { title: ' ' }))).body.detail.message).toBe('Title is required');
    expect((await server.request('PUT', `/library/${copy.id}/title`, as(stranger, { title: 'Ours' }))).status).toBe(404);
    await idle();
    expect(published.at(-1)!.protocol).toMatchObject({ protocolId: copy.id, ownerId: domain, title: '=HYPERLINK("http://evil.example","Ward antivenom")' });

    // The trail's order is its entries' times: each action here in a millisecond of its own.
    await nextMillisecond();
    await server.request('PUT', `/users/${matron.uid}/protocols/${protocols[1].id}/title`, as(matron, { title: 'My own antivenom notes' }));
    await nextMillisecond();
    expect((await server.request('DELETE', `/users/${matron.uid}/protocols/${protocols[1].id}`, as(matron))).status).toBe(200);
    const still = (await library(nurse)).body.protocols.find((protocol: { id: string }) => protocol.id === copy.id);
    expect(still.title).toBe('=HYPERLINK("http://evil.example","Ward antivenom")');
    expect(await blobs.get(`library/${copy.id}/source.json`)).not.toBeNull();
  });

  it('unpublishes: protocol.unpublished, gone from the library and the search, its files too; a second time is a 404', async () => {
    const [copy] = (await library(matron)).body.protocols.filter((protocol: { sourceProtocolId: string }) => protocol.sourceProtocolId === protocols[0].id);
    expect((await server.request('DELETE', `/library/${copy.id}`, as(stranger))).status).toBe(404);
    await nextMillisecond();
    const response = await server.request('DELETE', `/library/${copy.id}`, as(matron));
    expect(response.status).toBe(200);
    await idle();
    expect(unpublished.at(-1)).toEqual(expect.objectContaining({ protocolId: copy.id, organisationId: domain }));
    expect((await library(nurse)).body.protocols.map((protocol: { id: string }) => protocol.id)).not.toContain(copy.id);
    expect(await blobs.list(`library/${copy.id}`)).toEqual([]);
    const search = await server.request('POST', '/protocols/search?search_mode=hospital_only', as(nurse, { query: protocols[0].title }));
    expect(search.body.hits.map((hit: { source: { protocol_id?: string } }) => hit.source.protocol_id)).not.toContain(copy.id);
    expect((await server.request('DELETE', `/library/${copy.id}`, as(matron))).status).toBe(404);
  });

  it('keeps the approval trail, newest first, with each fact of each action, for the organisation\'s editors alone', async () => {
    const response = await trail(matron);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const { organisation, entries, next_offset } = response.body;
    expect(organisation).toEqual({ id: domain, name: HOSPITAL });
    expect(next_offset).toBeNull();
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['unpublish', 'deletion', 'rename', 'rename', 'publish', 'publish', 'publish', 'approve', 'approve']);
    const times = entries.map((entry: { at: string }) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    for (const entry of entries) expect(entry.actor).toEqual({ name: 'Matron Adeyemi', email: matron.email, erased: false });
    const approvals = entries.filter((entry: { action: string }) => entry.action === 'approve');
    expect(approvals.map((entry: { protocolId: string }) => entry.protocolId).sort()).toEqual(protocols.map((protocol) => protocol.id).sort());
    for (const approval of approvals) expect(approval).toMatchObject({ sourceFile: 'snakebite.pdf', sourceChecksum: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(entries.filter((entry: { detail: string }) => entry.detail === 'Replaced the library copy')).toHaveLength(1);
    expect(entries.find((entry: { action: string; libraryProtocolId: string }) => entry.action === 'rename' && entry.libraryProtocolId)).toMatchObject({ detail: expect.stringMatching(/^Renamed from "/) });

    expect((await trail(stranger)).body.entries).toEqual([]);
    expect((await server.request('GET', '/library/approval-trail?limit=2&offset=1', as(matron))).body).toMatchObject({ entries: entries.slice(1, 3), next_offset: 3 });
    expect((await server.request('GET', '/library/approval-trail?format=xml', as(matron))).status).toBe(400);
  });

  it('exports the trail as a CSV download whose cells no spreadsheet reads as formulas', async () => {
    const response = await fetch(`${server.url}/library/approval-trail?format=csv`, { headers: { authorization: `Bearer ${matron.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="approval-trail-${domain.replace('.', '\\.')}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const lines = (await response.text()).replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('"Time (UTC)","Action","Actor","Actor email","Protocol ID","Protocol title","Library protocol ID","Source file","Source SHA-256","Detail"');
    expect(lines).toHaveLength(10);
    expect(lines[1]).toMatch(/^"[^"]+","unpublish","Matron Adeyemi",/);
    const rename = lines.find((line) => line.includes('evil.example'))!;
    expect(rename).toContain('"\'=HYPERLINK(""http://evil.example"",""Ward antivenom"")"');
  });

  it('erases a publisher: their library protocols stay, the trail keeps their facts under a pseudonym and records the erasure', async () => {
    await server.request('POST', '/library', as(matron, { protocolId: protocols[0].id }));
    const named = await server.request('PUT', `/auth/organisation/members/${nurse.uid}/roles`, as(matron, { editor: true }));
    expect(named.status).toBe(200);
    const refreshed = await server.request('POST', '/auth/refresh', { headers: { cookie: nurse.cookie } });
    const editor = { ...nurse, token: refreshed.body.access_token as string };

    const fresh = await server.request('POST', '/auth/reauthenticate', { token: matron.token, body: { password: PASSWORD } });
    expect((await server.request('DELETE', `/users/${matron.uid}`, { token: fresh.body.access_token })).status).toBe(200);
    await idle();

    const kept = (await library(editor)).body.protocols;
    const pseudonym = kept[0].publishedBy;
    expect(pseudonym).toMatch(/^Erased account [0-9a-f]{8}$/);
    expect(pseudonym).not.toContain(createHash('sha256').update(matron.uid).digest('hex').slice(0, 8));
    expect(kept).toHaveLength(2);
    for (const protocol of kept) expect(protocol.publishedBy).toBe(pseudonym);
    const { entries } = (await trail(editor)).body;
    expect(entries[0]).toMatchObject({ action: 'erasure', actor: { name: pseudonym, email: '', erased: true } });
    expect(entries).toHaveLength(11);
    for (const entry of entries) expect(entry.actor).toEqual({ name: pseudonym, email: '', erased: true });
    if (backend.sqlite) expect(sqliteRowsMentioning(server.config.DATA_DIR, [matron.uid, matron.email]).filter((row) => row.startsWith('uploads'))).toEqual([]);
  });
});
