import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  CLUSTER_SERVICES,
  elasticsearchDocumentsMentioning,
  eventually,
  launchChromium,
  mongoDocumentsMentioning,
  REMOTE_APPS,
  testOutputPath,
  qdrantPointsMentioning,
  requestJson,
  startCairnCluster,
  type CairnCluster,
  type EventCounts,
} from '@cairn/testing';
import { signUpInBrowser } from './browser-session.js';
import { erasureJourney, type JourneyUser } from './erasure-journey.js';
import { otherFilesMentioning, sqliteRowsMentioning } from './erasure-traces.js';
import { guidelinePdf, zip } from './uploads-fixtures.js';
import { settled } from './uploads-client.js';

const guidelines = () => zip({ 'snakebite.pdf': guidelinePdf('Snakebite ward protocol'), 'dengue/ward.pdf': guidelinePdf('Dengue ward protocol') });
interface SearchBody {
  hits: { id: string; source: { title: string; body: string; owner: string } }[];
}
const titles = (response: { body: unknown }) => ((response.body as SearchBody).hits ?? []).map((hit) => hit.source.title);

const EVERYWHERE = ['cairn_accounts.identities', 'cairn_accounts.sessions', 'cairn_conversations.conversations', 'cairn_saved_protocols.saved_protocols', 'cairn_uploads.user_protocols', 'cairn_blobs.blobs.chunks', 'cairn-chunks', 'qdrant:cairn-chunks-<model>'];
/** Search writes one Qdrant collection per embedding model: `cairn-chunks-<8 hex of the model id>`. */
const perModel = (trace: string) => trace.replace(/^(qdrant:cairn-chunks)-[0-9a-f]{8}$/, '$1-<model>');

describe('the cluster deployment: six processes over Kafka, MongoDB + GridFS, Elasticsearch and Qdrant, behind the chart\'s Ingress rules', () => {
  let cluster: CairnCluster;
  let request: (method: string, path: string, options?: { token?: string; body?: unknown }) => ReturnType<typeof requestJson>;
  let journey: ReturnType<typeof erasureJourney>;
  let clinician: JourneyUser;
  let colleague: JourneyUser;
  let colleagueUpload: string;
  let protocolsPerUpload: number;
  const timings: { journey: string; ms: number; passed: boolean }[] = [];
  let counts: EventCounts | undefined;

  /** Runs one journey and records how long it took and whether it passed. */
  const timed = (name: string, body: () => Promise<void>, timeoutMs = 120_000) =>
    it(name, async () => {
      const started = Date.now();
      const entry = { journey: name, ms: 0, passed: false };
      timings.push(entry);
      await body();
      entry.ms = Date.now() - started;
      entry.passed = true;
    }, timeoutMs);

  beforeAll(async () => {
    cluster = await startCairnCluster({ root: resolve(import.meta.dirname, '../../..'), frontends: true });
    request = (method, path, options) => requestJson(`${cluster.url}/api${path}`, method, options);
    journey = erasureJourney(`${cluster.url}/api`, request);
  }, 180_000);
  afterAll(async () => {
    counts = await cluster?.eventCounts().catch(() => undefined);
    await cluster?.stop();
    const rows = timings.map((t) => `| ${t.journey} | ${t.passed ? 'passed' : 'FAILED'} | ${(t.ms / 1000).toFixed(1)} s |`);
    const events = counts
      ? [`events published ${counts.published}, handled ${counts.handled}, duplicates suppressed ${counts.duplicates}, handler failures ${counts.handlerFailures}, dead-lettered ${counts.deadLettered}`]
      : [];
    process.stdout.write(['', 'Cluster journeys', '| journey | result | time |', '|---|---|---|', ...rows, ...events, ''].join('\n'));
  }, 60_000);

  /** Where a needle is found: a Mongo collection, the Elasticsearch index, a Qdrant collection, a service's file. */
  const tracesOf = async (needles: string[]) => {
    const { mongoUrl, elasticsearchUrl, qdrantUrl } = cluster.backends;
    const files = CLUSTER_SERVICES.flatMap((name) => {
      const dir = cluster.services[name].dataDir;
      return [...sqliteRowsMentioning(dir, needles), ...otherFilesMentioning(dir, needles)].map((path) => `${name}: ${path}`);
    });
    return [
      ...(await mongoDocumentsMentioning(mongoUrl, needles)),
      ...(await elasticsearchDocumentsMentioning(elasticsearchUrl, ['cairn-chunks'], needles)),
      ...(await qdrantPointsMentioning(qdrantUrl, needles)).map(perModel),
      ...files,
    ];
  };
  const searchMine = (user: JourneyUser, query: string) =>
    request('POST', `/protocols/search?use_hybrid=true&enhance_query=true&user_id=${user.uid}&search_mode=user_only`, { token: user.token, body: { query } });
  const myProtocols = (user: JourneyUser) => journey.client.protocols(user, 50);
  const uploadAndApprove = async (user: JourneyUser) => {
    const started = await journey.client.upload(user, 'ward-guidelines.zip', guidelines());
    expect(started.status).toBe(202);
    const status = await journey.client.waitFor(user, started.body.upload_id, settled, 90_000);
    expect(status.status).toBe('awaiting_approval');
    const preview = await journey.client.preview(user, started.body.upload_id);
    expect((await journey.client.approve(user, started.body.upload_id)).status).toBe(200);
    return preview.body.protocols as { id: string; title: string }[];
  };

  timed('sign-up → search → generate → follow-up', async () => {
    clinician = await journey.signUp('Clinician');
    const search = await request('POST', `/protocols/search?use_hybrid=true&enhance_query=true&user_id=${clinician.uid}`, { token: clinician.token, body: { query: 'dengue warning signs' } });
    expect(search.status).toBe(200);
    const hits = (search.body as SearchBody).hits;
    expect(hits.length).toBeGreaterThan(0);
    const generated = await request('POST', '/protocols/generate', { token: clinician.token, body: { title: 'dengue warning signs', context_snippets: hits.slice(0, 5).map((hit) => hit.source.body) } });
    expect(generated.status).toBe(200);
    const protocol = generated.body as { checklist: unknown[]; citations: unknown[] };
    expect(protocol.checklist.length).toBeGreaterThan(0);
    const followUp = await request('POST', '/protocols/conversation', {
      token: clinician.token,
      body: { message: 'Which warning signs need admission?', concept_title: 'Dengue warning signs', protocol_json: protocol, citations_list: protocol.citations, conversation_history: [{ role: 'user', content: 'dengue warning signs' }], enable_context_search: true, user_id: clinician.uid },
    });
    expect(followUp.status).toBe(200);
    expect((followUp.body as { answer: string }).answer.length).toBeGreaterThan(20);
  });

  timed('save the conversation and the checklist', async () => {
    const now = new Date().toISOString();
    const conversation = { id: 'conv_cluster', title: 'Dengue ward round', last_query: 'dengue warning signs', tags: ['medical-protocol'], created_at: now, updated_at: now, messages: [{ id: 'msg_1', type: 'user', content: 'dengue warning signs', timestamp: now, protocol_data: null, citations: [], follow_up_questions: [], uncertainty_note: null, used_new_sources: false, is_follow_up: false }] };
    expect((await request('POST', `/conversations/save?user_id=${clinician.uid}`, { token: clinician.token, body: conversation })).status).toBe(200);
    expect((await request('POST', `/protocols/save?user_id=${clinician.uid}`, { token: clinician.token, body: { title: 'Dengue checklist', checklist: [{ step: 1, text: 'Check for warning signs every 4 hours.' }] } })).status).toBeLessThan(300);
    const listed = await request('GET', `/conversations/${clinician.uid}?limit=10`, { token: clinician.token });
    expect((listed.body as { conversations: { id: string }[] }).conversations.map((c) => c.id)).toContain('conv_cluster');
  });

  timed('upload a ZIP → approve → in My Protocols → found by search', async () => {
    const previews = await uploadAndApprove(clinician);
    expect(previews.length).toBeGreaterThanOrEqual(2);
    protocolsPerUpload = previews.length;
    expect((await myProtocols(clinician)).body.total).toBe(previews.length);
    // Approval indexes the protocols one event at a time: wait until the best match has arrived.
    const found = await eventually(() => searchMine(clinician, 'anti-snake venom clotting test'), (r) => titles(r)[0] === 'Antivenom treatment');
    expect(titles(found)[0]).toBe('Antivenom treatment');
  });

  timed('rename → found under the new name → delete all → gone from search', async () => {
    const [first] = (await myProtocols(clinician)).body.protocols as { id: string }[];
    expect((await request('PUT', `/users/${clinician.uid}/protocols/${first.id}/title`, { token: clinician.token, body: { title: 'Ward 7 envenomation bundle' } })).status).toBe(200);
    const renamed = await eventually(() => searchMine(clinician, 'Ward 7 envenomation bundle'), (r) => titles(r).includes('Ward 7 envenomation bundle'));
    expect(titles(renamed)).toContain('Ward 7 envenomation bundle');
    expect((await request('DELETE', `/users/${clinician.uid}/protocols/all`, { token: clinician.token })).status).toBe(200);
    expect((await myProtocols(clinician)).body.total).toBe(0);
    const gone = await eventually(() => searchMine(clinician, 'anti-snake venom clotting test'), (r) => titles(r).length === 0);
    expect(titles(gone)).toEqual([]);
  });

  timed('in Chromium through the gateway, the remotes from their own origins: sign-up, an answer, a follow-up, a saved checklist, an approved upload', async () => {
    const browser = await launchChromium();
    const dir = mkdtempSync(join(tmpdir(), 'cairn-cluster-'));
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const failed: string[] = [];
      page.on('requestfailed', (failure) => failed.push(failure.url()));
      await signUpInBrowser(page, cluster.url, 'Nurse Gateway');
      await page.getByTestId('remote-sidebar').waitFor();
      await page.getByTestId('remote-chat').waitFor();
      const message = page.getByRole('textbox', { name: 'Message' });
      await message.fill('dengue symptoms');
      await message.press('Enter');
      const card = page.getByTestId('protocol-card');
      await card.waitFor({ timeout: 30_000 });
      expect(await card.getByRole('heading').first().textContent()).toMatch(/dengue/i);
      await page.screenshot({ path: testOutputPath('cluster-dengue-answer.png') });

      await message.fill('what dose for dengue in children?');
      await message.press('Enter');
      await page.getByTestId('follow-up-answer').first().waitFor({ timeout: 30_000 });
      await card.getByTestId('save-protocol').click();
      await page.getByRole('region', { name: 'Saved Checklists' }).getByRole('article').first().waitFor();
      await page.getByRole('region', { name: 'Recent Searches' }).getByRole('article', { name: 'dengue symptoms' }).waitFor();

      await page.getByRole('button', { name: /^Profile/ }).first().click();
      await page.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Upload Medical Documents' }).click();
      const overlay = page.getByRole('dialog', { name: 'Upload Medical Documents' });
      const zipPath = join(dir, 'ward-guidelines.zip');
      writeFileSync(zipPath, guidelines());
      await overlay.getByLabel('Choose ZIP/PDF File').setInputFiles(zipPath);
      await page.getByText('Protocols Ready').waitFor({ timeout: 90_000 });
      await overlay.getByRole('button', { name: 'Close' }).click();
      const generated = page.getByTestId('generated-protocols');
      await generated.getByRole('button', { name: 'Approve' }).click();
      await generated.getByText(/Successfully processed \d+ protocols/).waitFor({ timeout: 60_000 });
      await generated.getByRole('button', { name: 'Open Your Protocol Index' }).click();
      await page.getByTestId('protocol-index').getByRole('article', { name: /antivenom treatment/i }).first().waitFor();
      await page.screenshot({ path: testOutputPath('cluster-protocol-index.png') });

      for (const name of REMOTE_APPS) expect(cluster.remotes[name].requested()).toContain(`/remotes/${name}/mf-manifest.json`);
      expect(failed).toEqual([]);
    } finally {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);

  timed('generation killed while it generates an upload: the upload completes once, with every protocol', async () => {
    colleague = await journey.signUp('Colleague');
    await cluster.armCrash('generation', 'generation.generating');
    const started = await journey.client.upload(colleague, 'ward-guidelines.zip', guidelines());
    expect(started.status).toBe(202);
    colleagueUpload = started.body.upload_id;
    await cluster.recover('generation');
    const status = await journey.client.waitFor(colleague, started.body.upload_id, settled, 90_000);
    expect(status.status).toBe('awaiting_approval');
    const preview = (await journey.client.preview(colleague, started.body.upload_id)).body.protocols as { id: string }[];
    expect(preview).toHaveLength(protocolsPerUpload);
    expect(new Set(preview.map((p) => p.id)).size).toBe(protocolsPerUpload);
  }, 180_000);

  timed('search killed while it indexes approvals: every protocol indexed once', async () => {
    await cluster.armCrash('search', 'search.indexing');
    expect((await journey.client.approve(colleague, colleagueUpload)).status).toBe(200);
    await cluster.recover('search');
    const protocols = (await myProtocols(colleague)).body.protocols as { id: string; title: string }[];
    expect(protocols).toHaveLength(protocolsPerUpload);
    for (const protocol of protocols) {
      const found = await eventually(() => searchMine(colleague, protocol.title), (r) => titles(r).includes(protocol.title), 60_000);
      const hits = (found.body as SearchBody).hits;
      expect(new Set(hits.map((hit) => hit.id)).size).toBe(hits.length);
    }
  }, 180_000);

  timed('delete the account → no service holds anything of the user; the colleague keeps everything', async () => {
    await journey.leaveTraces(clinician);
    const needles = [clinician.uid, clinician.email];
    const kept = [colleague.uid, colleague.email];
    const indexed = (traces: string[]) => EVERYWHERE.every((trace) => traces.includes(trace));
    expect(await eventually(() => tracesOf(needles), indexed)).toEqual(expect.arrayContaining(EVERYWHERE));
    const keptBefore = await tracesOf(kept);
    await journey.deleteAccount(clinician);
    expect(await eventually(() => tracesOf(needles), (left) => left.length === 0, 30_000)).toEqual([]);
    expect((await tracesOf(kept)).sort()).toEqual(keptBefore.sort());
    expect(Object.keys(cluster.forwarded()).sort()).toEqual([...CLUSTER_SERVICES].sort());
  }, 180_000);

  it('lost nothing to the dead-letter topics', async () => {
    expect((await cluster.eventCounts()).deadLettered).toBe(0);
  });
});
