import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnService, type SpawnedService } from '@cairn/testing';
import { CLINICAL_QUESTIONS } from './clinical-questions.js';
import { repoRoot } from './datasets.js';
import { LARGE_INDEX_CHUNKS, synthesiseLargeIndex } from './large-index.js';
import { percentile, table } from './metrics.js';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 15);
const entry = resolve(repoRoot, 'services/standalone/dist/main.js');

interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  maxRssMb: number;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function token(server: SpawnedService): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${Date.now()}@cairn.test`, password: 'Bench-Passw0rd', displayName: 'Bench' }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function load(server: SpawnedService, accessToken: string, connections: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  let maxRss = rssMb(server.process.pid!);
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, rssMb(server.process.pid!))), 250);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${server.url}/api/protocols/search?use_hybrid=true&enhance_query=true`,
        connections,
        duration: DURATION_SECONDS,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
            setupRequest: (request) => ({ ...request, body: JSON.stringify({ query: CLINICAL_QUESTIONS[next++ % CLINICAL_QUESTIONS.length], size: 8 }) }),
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  clearInterval(sampler);
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    maxRssMb: maxRss,
  };
}

/** The index sizes measured: the starter corpus, 100,000 chunks, and (unless BENCH_SKIP_MILLION is set) 1,000,000. */
const LARGE_SIZES = process.env.BENCH_SKIP_MILLION ? [LARGE_INDEX_CHUNKS] : [LARGE_INDEX_CHUNKS, 1_000_000];

async function measure(label: string, dataDir: string): Promise<(string | number)[][]> {
  const starting = Date.now();
  const server = await spawnService(entry, { DATA_DIR: dataDir, LOG_LEVEL: 'info' }, 600_000);
  const startSeconds = ((Date.now() - starting) / 1000).toFixed(1);
  const rows: (string | number)[][] = [];
  try {
    const accessToken = await token(server);
    await load(server, accessToken, 10);
    for (const connections of [10, 50]) {
      const result = await load(server, accessToken, connections);
      rows.push([
        label,
        connections,
        result.requestsPerSecond.toFixed(0),
        result.p50.toFixed(1),
        result.p95.toFixed(1),
        result.p99.toFixed(1),
        result.errors + result.non2xx,
        result.maxRssMb.toFixed(0),
        startSeconds,
      ]);
    }
  } finally {
    await server.stop();
  }
  return rows;
}

async function main(): Promise<void> {
  const small = mkdtempSync(join(tmpdir(), 'cairn-bench-small-'));
  const large = mkdtempSync(join(tmpdir(), 'cairn-bench-large-'));
  try {
    const rows = await measure('starter corpus', small);
    for (const size of LARGE_SIZES) {
      const dir = size === LARGE_INDEX_CHUNKS ? large : mkdtempSync(join(tmpdir(), 'cairn-bench-million-'));
      console.error(`Synthesising the ${size.toLocaleString('en')}-chunk index...`);
      const count = await synthesiseLargeIndex(dir, size);
      rows.push(...(await measure(`${Math.round(count / 1000)}k chunks (starter included)`, dir)));
      if (dir !== large) rmSync(dir, { recursive: true, force: true });
    }
    console.log(`POST /api/protocols/search, hybrid, 8 hits, ${CLINICAL_QUESTIONS.length} rotating clinical questions, ${DURATION_SECONDS} s per run (after a warm-up run), autocannon on the same 2-core machine`);
    console.log(table(['index', 'connections', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'max RSS MB', 'start s (index load)'], rows));
  } finally {
    rmSync(small, { recursive: true, force: true });
    rmSync(large, { recursive: true, force: true });
  }
}

await main();
