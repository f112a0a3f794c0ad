import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnService, type SpawnedService } from '@cairn/testing';
import { sixtyPageGuideline } from './guideline-pdf.js';
import { datasetPath, repoRoot } from './datasets.js';
import { table } from './metrics.js';

interface Session {
  api: string;
  uid: string;
  token: string;
}

/** Peak resident memory of a process so far (Linux VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

async function call(session: Session, method: string, path: string, body?: FormData | object): Promise<any> {
  const isForm = body instanceof FormData;
  const response = await fetch(`${session.api}/users/${session.uid}${path}`, {
    method,
    headers: { authorization: `Bearer ${session.token}`, ...(body && !isForm ? { 'content-type': 'application/json' } : {}) },
    body: isForm ? body : body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function measure(server: SpawnedService, session: Session, name: string, content: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const started = performance.now();
  const { upload_id: uploadId } = await call(session, 'POST', '/upload-documents', form);
  let status: any;
  do {
    await sleep(50);
    status = await call(session, 'GET', `/upload-status/${uploadId}`);
  } while (['uploading', 'processing'].includes(status.status));
  const toPreview = (performance.now() - started) / 1000;
  const previewPeak = peakRssMb(server.process.pid!);
  if (status.status !== 'awaiting_approval') throw new Error(`${name}: ${status.status} ${status.error}`);
  const pages = status.files.reduce((sum: number, file: { pages: number }) => sum + file.pages, 0);
  const preview = await call(session, 'GET', `/upload-preview/${uploadId}`);
  const probe = preview.protocols.at(-1).title as string;
  const approving = performance.now();
  await call(session, 'POST', `/upload-approve/${uploadId}`);
  for (;;) {
    const search = await fetch(`${session.api}/protocols/search?use_hybrid=true&enhance_query=true&user_id=${session.uid}&search_mode=user_only`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      body: JSON.stringify({ query: probe, size: 8 }),
    }).then((response) => response.json() as Promise<{ hits: { source: { title: string } }[] }>);
    if (search.hits.some((hit) => hit.source.title === probe)) break;
    await sleep(20);
  }
  const toSearchable = (performance.now() - approving) / 1000;
  return [name, String(status.files.length), String(pages), String(status.protocols_extracted), toPreview.toFixed(1), (pages / toPreview).toFixed(0), previewPeak.toFixed(0), toSearchable.toFixed(2), peakRssMb(server.process.pid!).toFixed(0)];
}

/**
 * Uploads as a clinician does, against the standalone server: NFCorpus's 3,633 PDFs in one ZIP and a
 * 60-page guideline, from the upload request to the preview, then approval until search finds them.
 */
async function main(): Promise<void> {
  const server = await spawnService(resolve(repoRoot, 'services/standalone/dist/main.js'), { LOG_LEVEL: 'info' }, 120_000);
  try {
    const api = `${server.url}/api`;
    const signup = await fetch(`${api}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bench-${Date.now()}@cairn.test`, password: 'Bench-Passw0rd', displayName: 'Bench' }),
    }).then((response) => response.json() as Promise<{ access_token: string; user: { uid: string } }>);
    const session = { api, uid: signup.user.uid, token: signup.access_token };
    const rows = [
      await measure(server, session, 'nfcorpus-pdfs.zip', readFileSync(datasetPath('nfcorpus-pdfs.zip'))),
      await measure(server, session, 'guideline-60-pages.pdf', sixtyPageGuideline()),
    ];
    console.log('Upload → preview (awaiting_approval) → approve → found by a user_only search, standalone server, extractive generator');
    console.log(table(['upload', 'files', 'pages', 'protocols', 'to preview s', 'pages/s', 'peak RSS to preview MB', 'approve → searchable s', 'peak RSS MB'], rows));
  } finally {
    await server.stop();
  }
}

await main();
