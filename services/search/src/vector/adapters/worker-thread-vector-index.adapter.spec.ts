import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Worker } from 'node:worker_threads';
import { describeVectorIndexContract, unit } from '../vector-index.contract.js';
import { SqliteVectorIndex } from './sqlite-vector-index.adapter.js';
import { WorkerThreadVectorIndex } from './worker-thread-vector-index.adapter.js';

/** A worker thread runs compiled JavaScript: the script `npm run build` puts in dist. */
const script = pathToFileURL(
  fileURLToPath(new URL('../../../dist/vector/adapters/sqlite-vector-index.worker.js', import.meta.url)),
);
const built = existsSync(script);

(built ? describe : describe.skip)(`WorkerThreadVectorIndex${built ? '' : ' (skipped: its compiled worker script is missing; npm run build)'}`, () => {
  describeVectorIndexContract('WorkerThreadVectorIndex (SqliteVectorIndex on a worker thread)', async () => new WorkerThreadVectorIndex(script, ':memory:'));

  it('writes through to the index file, where an in-process index reads the same vectors', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cairn-vector-worker-')), 'index.sqlite');
    const threaded = new WorkerThreadVectorIndex(script, file);
    await threaded.upsert([{ id: 'a#1', owner: 'global', documentId: 'a', source: 'starter', vector: unit([1, 2, 3]) }]);
    const local = new SqliteVectorIndex(file);
    const [hit] = await local.search({ vector: unit([1, 2, 3]), owners: ['global'], size: 1 });
    expect(hit).toEqual({ id: 'a#1', score: expect.closeTo(1, 5) });
    await Promise.all([threaded.close(), local.close()]);
  });

  it('opens the index for one embedding model: vectors of another are gone', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cairn-vector-worker-')), 'index.sqlite');
    const first = new WorkerThreadVectorIndex(script, file, { id: 'model-a', dimensions: 3 });
    await first.upsert([{ id: 'a#1', owner: 'global', documentId: 'a', source: 'starter', vector: unit([1, 2, 3]) }]);
    await first.close();
    const same = new WorkerThreadVectorIndex(script, file, { id: 'model-a', dimensions: 3 });
    expect(await same.count()).toBe(1);
    await same.close();
    const changed = new WorkerThreadVectorIndex(script, file, { id: 'model-b', dimensions: 3 });
    expect(await changed.count()).toBe(0);
    await changed.close();
  });

  it('replaces a worker that stops after it had been answering, which reloads the vectors from the file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cairn-vector-worker-')), 'index.sqlite');
    const index = new WorkerThreadVectorIndex(script, file);
    await index.upsert([{ id: 'a#1', owner: 'global', documentId: 'a', source: 'starter', vector: unit([1, 2, 3]) }]);
    await (index as unknown as { worker: Worker }).worker.terminate();
    const [hit] = await index.search({ vector: unit([1, 2, 3]), owners: ['global'], size: 1 });
    expect(hit.id).toBe('a#1');
    await index.close();
  });

  it('closes once however often close is called, and rejects calls made after it', async () => {
    const index = new WorkerThreadVectorIndex(script, ':memory:');
    await index.ping();
    await expect(Promise.all([index.close(), index.close()])).resolves.toEqual([undefined, undefined]);
    await expect(index.ping()).rejects.toThrow('vector index is closed');
  });

  it('does not replace a worker holding an in-memory index, whose vectors a new worker would not have', async () => {
    const index = new WorkerThreadVectorIndex(script, ':memory:');
    await index.upsert([{ id: 'a#1', owner: 'global', documentId: 'a', source: 'starter', vector: unit([1, 2, 3]) }]);
    await (index as unknown as { worker: Worker }).worker.terminate();
    await expect(index.count()).rejects.toThrow('vector index worker exited');
  });

  it('does not keep the process alive while no call is waiting', async () => {
    const probe = `
      const { WorkerThreadVectorIndex } = await import(${JSON.stringify(new URL('./worker-thread-vector-index.adapter.js', script).href)});
      const index = new WorkerThreadVectorIndex(new URL(${JSON.stringify(script.href)}), ':memory:');
      await index.ping();
      console.log('answered');`;
    const file = join(mkdtempSync(join(tmpdir(), 'cairn-vector-worker-')), 'probe.mjs');
    writeFileSync(file, probe);
    const { stdout } = await promisify(execFile)(process.execPath, [file], { timeout: 10_000 });
    expect(stdout.trim()).toBe('answered');
  });

  it('rejects every call, with the reason, when the worker fails before it ever answered', async () => {
    const broken = new WorkerThreadVectorIndex(script, join(tmpdir(), 'cairn-no-such-dir', '\0', 'index.sqlite'));
    await expect(broken.ping()).rejects.toThrow();
    await expect(broken.search({ vector: unit([1, 0]), owners: ['global'], size: 1 })).rejects.toThrow();
    await broken.close();
  });
});
