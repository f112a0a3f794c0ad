import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { unzipSync } from 'fflate';
import { spawnService, type SpawnedService } from '@cairn/testing';
import { datasetPath, repoRoot } from './datasets.js';
import { sixtyPageGuideline } from './guideline-pdf.js';

export interface Account {
  email: string;
  password: string;
  uid: string;
}

/**
 * One standalone DATA_DIR where NFCorpus's 3,633 PDFs are both ingested into the global corpus and
 * uploaded by one hospital, and another hospital uploaded a 60-page acute care guideline.
 */
export interface UploadedCollections {
  dataDir: string;
  nfcorpus: Account;
  guideline: Account;
  /** Each protocol the first hospital uploaded, with the file it came from. */
  sourceFiles: Map<string, string>;
}

export interface Session {
  api: string;
  uid: string;
  token: string;
}

const PDFS = 'nfcorpus-pdfs.zip';
const PASSWORD = 'Bench-Passw0rd';

export const owner = (account: Account) => `user:${account.uid}`;

function run(entry: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [entry, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.once('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`${basename(entry)} exited with ${code}: ${errors.slice(-2000)}`))));
  });
}

/** A request whose kept-alive connection the server closed fails with a socket error: it is sent once more, on a new connection (an approve the server did take then answers 400 and the bench stops). */
const socketClosed = (error: unknown) => error instanceof TypeError && (error.cause as { code?: string } | undefined)?.code === 'UND_ERR_SOCKET';

export async function call(session: Session, method: string, path: string, body?: FormData | object): Promise<any> {
  const json = body !== undefined && !(body instanceof FormData);
  const send = () =>
    fetch(`${session.api}${path}`, {
      method,
      headers: { authorization: `Bearer ${session.token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(body) : body,
    });
  const response = await send().catch((error: unknown) => {
    if (socketClosed(error)) return send();
    throw error;
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The standalone server on a DATA_DIR, as `npm start` runs it. */
export const startServer = (dataDir: string) => spawnService(resolve(repoRoot, 'services/standalone/dist/main.js'), { DATA_DIR: dataDir, LOG_LEVEL: 'info' }, 300_000);

export async function signIn(server: SpawnedService, account: Omit<Account, 'uid'>, signUp = false): Promise<Session> {
  const api = `${server.url}/api`;
  const response = await fetch(`${api}/auth/${signUp ? 'signup' : 'login'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(signUp ? { ...account, displayName: 'Hospital' } : account),
  });
  if (!response.ok) throw new Error(`sign-${signUp ? 'up' : 'in'} failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { access_token: string; user: { uid: string } };
  return { api, uid: body.user.uid, token: body.access_token };
}

async function statusOf(session: Session, uploadId: string, until: (status: string) => boolean): Promise<any> {
  for (;;) {
    const status = await call(session, 'GET', `/users/${session.uid}/upload-status/${uploadId}`);
    if (until(status.status)) return status;
    await sleep(200);
  }
}

/** Uploads a file as the web app does, approves every protocol and waits until search finds the last; returns protocol id → source file. */
async function uploadAndApprove(session: Session, name: string, content: Uint8Array): Promise<Map<string, string>> {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const { upload_id: uploadId } = await call(session, 'POST', `/users/${session.uid}/upload-documents`, form);
  const extracted = await statusOf(session, uploadId, (status) => !['uploading', 'processing'].includes(status));
  if (extracted.status !== 'awaiting_approval') throw new Error(`${name}: upload ended ${extracted.status}: ${extracted.error}`);
  const preview = await call(session, 'GET', `/users/${session.uid}/upload-preview/${uploadId}`);
  await call(session, 'POST', `/users/${session.uid}/upload-approve/${uploadId}`);
  await statusOf(session, uploadId, (status) => status === 'completed');
  await untilSearchable(session, preview.protocols.at(-1).title as string);
  return new Map(preview.protocols.map((protocol: { id: string; source_file: string }) => [protocol.id, protocol.source_file]));
}

export async function searchAs(session: Session, query: string, mode: 'user_only' | 'global_only' | 'mixed'): Promise<{ hits: { id: string; score: number; source: { title: string } }[] }> {
  const scope = mode === 'global_only' ? '' : `&user_id=${session.uid}`;
  return call(session, 'POST', `/protocols/search?use_hybrid=true&enhance_query=true${scope}&search_mode=${mode}`, { query, size: 8 });
}

async function untilSearchable(session: Session, title: string): Promise<void> {
  while (!(await searchAs(session, title, 'user_only')).hits.some((hit) => hit.source.title === title)) await sleep(100);
}

/** Ingests NFCorpus's PDFs with the ingest CLI, then uploads and approves both hospitals' files on the standalone server. */
export async function prepareUploadedCollections(log: (line: string) => void): Promise<UploadedCollections> {
  const work = mkdtempSync(join(tmpdir(), 'cairn-bench-uploads-'));
  const dataDir = join(work, 'data');
  const folder = join(work, 'pdfs');
  mkdirSync(folder, { recursive: true });
  const zip = readFileSync(datasetPath(PDFS));
  for (const [name, content] of Object.entries(unzipSync(zip))) if (name.endsWith('.pdf')) writeFileSync(join(folder, basename(name)), content);
  log('ingesting NFCorpus PDFs into the global corpus');
  await run(resolve(repoRoot, 'services/search/dist/cli/ingest.js'), [folder, '--organization', 'NFCorpus'], { DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  const server = await startServer(dataDir);
  try {
    const accounts = { nfcorpus: { email: `nfcorpus-${Date.now()}@cairn.test`, password: PASSWORD }, guideline: { email: `guideline-${Date.now()}@cairn.test`, password: PASSWORD } };
    const nfcorpus = await signIn(server, accounts.nfcorpus, true);
    const guideline = await signIn(server, accounts.guideline, true);
    log('uploading the same PDFs as one ZIP, and a 60-page guideline as another hospital');
    const sourceFiles = await uploadAndApprove(nfcorpus, PDFS, zip);
    await uploadAndApprove(guideline, 'guideline-60-pages.pdf', sixtyPageGuideline());
    log(`${sourceFiles.size} protocols approved and searchable`);
    return { dataDir, nfcorpus: { ...accounts.nfcorpus, uid: nfcorpus.uid }, guideline: { ...accounts.guideline, uid: guideline.uid }, sourceFiles };
  } finally {
    await server.stop();
  }
}

/** A title as a file name keeps it: lower case, letters only (NFCorpus's file names drop a title's numbers), single spaces. */
export const titleKey = (text: string) => text.toLowerCase().replace(/\.pdf$/, '').replace(/[^a-z]+/g, ' ').trim();

/**
 * The documents a title or file name stands for: file names and a PDF's wrapped title line are titles
 * cut short, and a PDF's own title may be longer, so either may be a prefix of the other.
 */
export function documentsByTitle(documents: { id: string; title: string }[]): (titleOrFile: string) => string[] {
  const titles = documents.map((document) => ({ id: document.id, key: titleKey(document.title) })).filter(({ key }) => key);
  const cache = new Map<string, string[]>();
  return (titleOrFile) => {
    const key = titleKey(titleOrFile);
    if (!cache.has(key)) cache.set(key, key ? titles.filter((title) => title.key.startsWith(key) || key.startsWith(title.key)).map(({ id }) => id) : []);
    return cache.get(key)!;
  };
}
