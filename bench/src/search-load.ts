import autocannon from 'autocannon';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnService, type SpawnedService } from '@cairn/testing';
import { loadClinicalQueries } from './clinical-queries.js';
import { CLINICAL_QUESTIONS } from './clinical-questions.js';
import { repoRoot } from './datasets.js';
import { synthesiseLargeIndex } from './large-index.js';
import { percentile, table } from './metrics.js';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 15);
const entry = resolve(repoRoot, 'services/standalone/dist/main.js');
/** The indexes measured: the starter corpus and synthesised indexes of these many chunks (`--sizes 100000,1000000`). */
const sizesArgument = process.argv.indexOf('--sizes');
const LARGE_SIZES = (sizesArgument > 0 ? process.argv[sizesArgument + 1] : '100000,1000000').split(',').filter(Boolean).map(Number);
/** Connections per run; the million-chunk index is measured at 10 only. */
const connectionsFor = (chunks: number) => (chunks >= 1_000_000 ? [10] : [10, 50]);
/** The fifty clinical questions and the misspelt queries of the frozen set, so that typo correction is part of the load. */
const QUESTIONS = [
  ...CLINICAL_QUESTIONS,
  ...loadClinicalQueries(resolve(repoRoot, 'bench/data/clinical-queries.json'))
    .filter((query) => query.kind.startsWith('typo'))
    .map((query) => query.query),
];
/** Where synthesised indexes are kept between runs (`BENCH_INDEX_CACHE`); unset, they are built in a temporary folder and removed. */
const INDEX_CACHE = process.env.BENCH_INDEX_CACHE;

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
            setupRequest: (request) => ({ ...request, body: JSON.stringify({ query: QUESTIONS[next++ % QUESTIONS.length], size: 8 }) }),
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

/** Starts the server on an index (timing it until it answers), loads it at each connection count, and stops it. */
async function measure(label: string, dataDir: string, connectionCounts: number[]): Promise<(string | number)[][]> {
  const starting = Date.now();
  const server = await spawnService(entry, { DATA_DIR: dataDir, LOG_LEVEL: 'info' }, 1_800_000);
  const startSeconds = (Date.now() - starting) / 1000;
  const rows: (string | number)[][] = [];
  try {
    const accessToken = await token(server);
    await load(server, accessToken, 10);
    for (const connections of connectionCounts) {
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
        startSeconds.toFixed(1),
      ]);
    }
  } finally {
    await server.stop();
  }
  return rows;
}

/** A folder holding a synthesised index of `chunks` chunks: kept in BENCH_INDEX_CACHE when set, else temporary. */
async function largeIndex(chunks: number): Promise<{ dir: string; remove: boolean }> {
  const dir = INDEX_CACHE ? join(INDEX_CACHE, `index-${chunks}`) : mkdtempSync(join(tmpdir(), `cairn-bench-${chunks}-`));
  const marker = join(dir, 'synthesised.json');
  if (INDEX_CACHE && existsSync(marker)) return { dir, remove: false };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.error(`Synthesising an index of ${chunks} chunks...`);
  const { seconds } = await synthesiseLargeIndex(dir, chunks);
  writeFileSync(marker, JSON.stringify({ chunks, seconds }));
  return { dir, remove: !INDEX_CACHE };
}

const sizeLabel = (chunks: number) => (chunks >= 1_000_000 ? `${chunks / 1_000_000}M` : `${Math.round(chunks / 1000)}k`);

async function main(): Promise<void> {
  const small = mkdtempSync(join(tmpdir(), 'cairn-bench-small-'));
  try {
    const rows = await measure('starter corpus', small, [10, 50]);
    for (const chunks of LARGE_SIZES) {
      const index = await largeIndex(chunks);
      try {
        rows.push(...(await measure(`${sizeLabel(chunks)} chunks (starter included)`, index.dir, connectionsFor(chunks))));
      } finally {
        if (index.remove) rmSync(index.dir, { recursive: true, force: true });
      }
    }
    console.log(
      `POST /api/protocols/search, hybrid with typo tolerance (enhance_query=true), 8 hits, ${QUESTIONS.length} rotating clinical questions ` +
        `(${QUESTIONS.length - CLINICAL_QUESTIONS.length} of them misspelt), ` +
        `${DURATION_SECONDS} s per run (after a warm-up run), autocannon on the same 2-core machine; start s: from spawning the server until it answers (index load)`,
    );
    console.log(table(['index', 'connections', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'max RSS MB', 'start s'], rows));
  } finally {
    rmSync(small, { recursive: true, force: true });
  }
}

await main();
