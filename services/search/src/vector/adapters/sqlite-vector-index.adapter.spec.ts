import { describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeVectorIndexContract, unit } from '../vector-index.contract.js';
import { SqliteVectorIndex } from './sqlite-vector-index.adapter.js';

describeVectorIndexContract('SqliteVectorIndex (exact cosine, sketches for large owners)', async () => new SqliteVectorIndex(':memory:'));

describe('SqliteVectorIndex persistence', () => {
  it('reloads what it stored', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cairn-vectors-')), 'index.sqlite');
    const first = new SqliteVectorIndex(file);
    await first.upsert([{ id: 'a#1', owner: 'global', documentId: 'a', source: 'starter', vector: unit([1, 2, 3]) }]);
    await first.close();
    const second = new SqliteVectorIndex(file);
    const hits = await second.search({ vector: unit([1, 2, 3]), owners: ['global'], size: 1 });
    expect(hits[0].id).toBe('a#1');
    expect(hits[0].score).toBeCloseTo(1, 5);
    await second.close();
  });
});

describe('SqliteVectorIndex shared with another process', () => {
  it('sees vectors another connection wrote, and its own writes without reloading', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cairn-vectors-')), 'index.sqlite');
    const server = new SqliteVectorIndex(file);
    const cli = new SqliteVectorIndex(file);
    await server.upsert([{ id: 'own#1', owner: 'global', documentId: 'own', source: 'starter', vector: unit([0, 1, 0]) }]);
    await cli.upsert([{ id: 'cli#1', owner: 'global', documentId: 'cli', source: 'ingested', vector: unit([1, 0, 0]) }]);
    const hits = await server.search({ vector: unit([1, 0, 0]), owners: ['global'], size: 2 });
    expect(hits.map((hit) => hit.id)).toEqual(['cli#1', 'own#1']);
    await cli.deleteDocuments({ owner: 'global', documentId: 'cli' });
    expect((await server.search({ vector: unit([1, 0, 0]), owners: ['global'], size: 2 })).map((hit) => hit.id)).toEqual(['own#1']);
    await Promise.all([server.close(), cli.close()]);
  });
});
