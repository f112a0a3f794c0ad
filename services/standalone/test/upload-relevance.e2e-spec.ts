import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { unzipSync } from 'fflate';
import { signUpTestUser, startTestApp, type TestApp } from '@cairn/testing';
import { StandaloneModule } from '../src/index.js';
import { repositoryRoot } from './browser-session.js';
import { settled, uploadsClient, type UploadUser } from './uploads-client.js';
import { zip } from './uploads-fixtures.js';

const datasets = process.env.CAIRN_DATASETS_DIR ?? resolve(repositoryRoot, '../shared/datasets');
const nfcorpusPdfs = join(datasets, 'nfcorpus-pdfs.zip');
const describeWithPdfs = existsSync(nfcorpusPdfs) ? describe : describe.skip;

/** Twenty real PDFs nobody here wrote (the first of NFCorpus's set), zipped as a hospital uploads them. */
function twentyPdfs(): Uint8Array {
  const all = unzipSync(readFileSync(nfcorpusPdfs), { filter: (file) => file.name.endsWith('.pdf') });
  return zip(Object.fromEntries(Object.keys(all).sort().slice(0, 20).map((name) => [name.split('/').pop()!, all[name]])));
}

describeWithPdfs('the relevance scale on a hospital’s own PDFs (needs ../shared/datasets/nfcorpus-pdfs.zip)', () => {
  let server: TestApp;
  let client: ReturnType<typeof uploadsClient>;
  let hospital: UploadUser;
  const topHit = async (query: string) => (await client.search(hospital, query, 'user_only')).body.hits[0] as { score: number; source: { title: string; source_file: string } };

  beforeAll(async () => {
    server = await startTestApp((config) => StandaloneModule.forRoot(config), { service: 'standalone', prefix: 'api' });
    client = uploadsClient(server.url, server.request);
    hospital = await signUpTestUser(server, 'Hospital');
    const started = await client.upload(hospital, 'research.zip', twentyPdfs());
    const status = await client.waitFor(hospital, started.body.upload_id, settled, 120_000);
    expect(status.status).toBe('awaiting_approval');
    await client.approve(hospital, started.body.upload_id);
    await client.waitFor(hospital, started.body.upload_id, (body) => body.status === 'completed', 120_000);
    const last = 'does a diet high in fiber protect against crohns disease';
    for (let tries = 0; tries < 200 && !(await topHit(last))?.source.source_file?.includes('Crohn'); tries++) await new Promise((done) => setTimeout(done, 100));
  }, 240_000);
  afterAll(async () => {
    await server.close();
  });

  it.each([
    ['does a diet high in fiber protect against crohns disease', 'Dietary Fiber and Risk of Crohn'],
    ['how much mercury is there in the fish and seafood we buy', 'Mercury in Commercial Seafood'],
    ['iron intake before getting pregnant and the risk of gestational diabetes', 'Prepregnancy Dietary Iron Intake'],
    ['does seaweed change the risk of breast cancer', 'seaweed consumption and the risk of breast cancer'],
  ])('finds the uploaded PDF that answers %j first, and scores it 6 or more', async (question, file) => {
    const top = await topHit(question);
    expect(top.source.source_file).toContain(file);
    expect(top.score).toBeGreaterThanOrEqual(6);
  });

  it.each(['dengue warning signs in children', 'how to use an AED on an adult in cardiac arrest', 'snake bite first aid'])(
    'scores the best of them under 6 for %j, which none of them is about',
    async (question) => {
      expect((await topHit(question)).score).toBeLessThan(6);
    },
  );
});
