import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadNfCorpus, repoRoot } from './datasets.js';
import { table } from './metrics.js';

/**
 * `npm run ingest` on 20,000 markdown documents (an NFCorpus abstract each, with a second abstract's
 * sentences as a further section, so no two are alike) into an empty standalone index with the default
 * local embedder: wall time, throughput and the ingest process's peak RSS.
 */
const DOCUMENTS = Number(process.env.BENCH_INGEST_DOCUMENTS ?? 20_000);

function writeDocuments(folder: string): void {
  const abstracts = loadNfCorpus().documents;
  for (let i = 0; i < DOCUMENTS; i++) {
    const first = abstracts[i % abstracts.length];
    const second = abstracts[(i * 7 + 13) % abstracts.length];
    const shard = join(folder, String(Math.floor(i / 1000)).padStart(2, '0'));
    if (i % 1000 === 0) mkdirSync(shard, { recursive: true });
    writeFileSync(join(shard, `document-${i}.md`), `# ${first.title} (${i})\n\n## Summary\n${first.text}\n\n## Related findings\n${second.text}\n`);
  }
}

/** Peak resident memory of a running process, from /proc (VmHWM), in MB. */
const peakRss = (pid: number) => {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
};

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'cairn-bench-ingest-'));
  const folder = join(work, 'documents');
  writeDocuments(folder);
  const started = Date.now();
  const child = spawn(process.execPath, [join(repoRoot, 'services/search/dist/cli/ingest.js'), folder, '--organization', 'PubMed'], {
    env: { ...process.env, DATA_DIR: join(work, 'data'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (data: Buffer) => (output += data.toString()));
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, peakRss(child.pid!))), 200);
  const code = await new Promise<number | null>((done) => child.on('exit', done));
  clearInterval(sampler);
  const seconds = (Date.now() - started) / 1000;
  rmSync(work, { recursive: true, force: true });
  const summary = /Ingested (\d+) file\(s\), (\d+) chunks/.exec(output);
  if (code !== 0 || !summary) throw new Error(`ingest exited with ${code}: ${output.slice(-2000)}`);
  console.log(`npm run ingest of ${DOCUMENTS} markdown documents into an empty standalone index (local embedder)`);
  console.log(
    table(
      ['documents', 'chunks', 'seconds', 'documents/s', 'peak RSS MB'],
      [[summary[1], summary[2], seconds.toFixed(1), (Number(summary[1]) / seconds).toFixed(0), peak.toFixed(0)]],
    ),
  );
}

await main();
