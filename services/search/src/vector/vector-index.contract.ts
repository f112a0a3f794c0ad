import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { VectorIndex, VectorRecord } from './vector-index.port.js';

export function unit(values: number[]): Float32Array {
  const norm = Math.hypot(...values);
  return new Float32Array(values.map((value) => value / norm));
}

/**
 * Every vector the contract writes or queries has this many dimensions, as in an index fed by one
 * embedder: stores such as Qdrant fix the size per collection. Shorter literals are zero-padded,
 * which leaves every cosine unchanged.
 */
export const CONTRACT_DIMENSIONS = 64;

const padded = (values: number[]) => unit([...values, ...new Array<number>(CONTRACT_DIMENSIONS - values.length).fill(0)]);

/** The behaviour every VectorIndex adapter must have. */
export function describeVectorIndexContract(adapter: string, open: () => Promise<VectorIndex>): void {
  describe(`VectorIndex contract: ${adapter}`, () => {
    let index: VectorIndex;
    const owner = () => `user-${randomUUID()}`;
    const record = (id: string, who: string, values: number[], extra: Partial<VectorRecord> = {}): VectorRecord => ({
      id,
      owner: who,
      documentId: id.split('#')[0],
      source: 'protocol',
      vector: padded(values),
      ...extra,
    });

    beforeAll(async () => {
      index = await open();
    });
    afterAll(async () => {
      await index?.close();
    });

    it('returns the nearest vectors by cosine, best first, with the similarity as score', async () => {
      const me = owner();
      await index.upsert([
        record(`${me}-a#1`, me, [1, 0, 0, 0]),
        record(`${me}-b#1`, me, [0.9, 0.1, 0, 0]),
        record(`${me}-c#1`, me, [0, 1, 0, 0]),
        record(`${me}-d#1`, me, [-1, 0, 0, 0]),
      ]);
      const hits = await index.search({ vector: padded([1, 0.05, 0, 0]), owners: [me], size: 3 });
      expect(hits.map((hit) => hit.id)).toEqual([`${me}-a#1`, `${me}-b#1`, `${me}-c#1`]);
      expect(hits[0].score).toBeCloseTo(1 / Math.hypot(1, 0.05), 4);
      expect(hits[2].score).toBeCloseTo(0.05 / Math.hypot(1, 0.05), 4);
    });

    it('filters by owner', async () => {
      const alice = owner();
      const bob = owner();
      await index.upsert([record(`${alice}-x#1`, alice, [0, 0, 1, 0]), record(`${bob}-x#1`, bob, [0, 0, 1, 0])]);
      const query = padded([0, 0, 1, 0]);
      expect((await index.search({ vector: query, owners: [alice], size: 5 })).map((h) => h.id)).toEqual([`${alice}-x#1`]);
      expect((await index.search({ vector: query, owners: [alice, bob], size: 5 })).length).toBe(2);
      expect(await index.search({ vector: query, owners: [], size: 5 })).toEqual([]);
    });

    it("keeps an organisation's library apart from its members' vectors and other organisations'", async () => {
      const member = `user:${randomUUID()}`;
      const library = `org:${randomUUID()}`;
      const elsewhere = `org:${randomUUID()}`;
      const documentX = { documentId: 'x' };
      await index.upsert([
        record(`${member}/x#1`, member, [0, 1, 1, 0], documentX),
        record(`${library}/x#1`, library, [0, 1, 1, 0], documentX),
        record(`${elsewhere}/x#1`, elsewhere, [0, 1, 1, 0], documentX),
      ]);
      const query = padded([0, 1, 1, 0]);
      const found = async (owners: string[]) => (await index.search({ vector: query, owners, size: 5 })).map((hit) => hit.id).sort();
      expect(await found([library])).toEqual([`${library}/x#1`]);
      expect(await found([member, library])).toEqual([`${library}/x#1`, `${member}/x#1`].sort());
      expect(await index.deleteDocuments({ owner: member })).toBe(1);
      expect(await index.deleteDocuments({ owner: library, documentId: 'x' })).toBe(1);
      expect(await found([member, library, elsewhere])).toEqual([`${elsewhere}/x#1`]);
    });

    it('replaces a vector upserted again, and deletes by document, source and owner', async () => {
      const me = owner();
      await index.upsert([
        record(`${me}-p1#1`, me, [1, 0, 0, 0]),
        record(`${me}-p1#2`, me, [1, 0, 0, 0]),
        record(`${me}-p2#1`, me, [1, 0, 0, 0], { source: 'ingested' }),
      ]);
      await index.upsert([record(`${me}-p1#1`, me, [0, 1, 0, 0])]);
      const hits = await index.search({ vector: padded([0, 1, 0, 0]), owners: [me], size: 1 });
      expect(hits[0].id).toBe(`${me}-p1#1`);
      expect(hits[0].score).toBeCloseTo(1, 4);
      expect(await index.count({ owner: me })).toBe(3);
      expect(await index.deleteDocuments({ owner: me, documentId: `${me}-p1` })).toBe(2);
      expect(await index.deleteDocuments({ owner: me, source: 'ingested' })).toBe(1);
      expect(await index.count({ owner: me })).toBe(0);
    });

    it('stays accurate on a large owner', async () => {
      const me = owner();
      const dims = CONTRACT_DIMENSIONS;
      let seed = 7;
      const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
      const records = Array.from({ length: 6000 }, (_, i) => record(`${me}-${i}#1`, me, Array.from({ length: dims }, random)));
      await index.upsert(records);
      const target = records[4321];
      const noisy = unit(Array.from(target.vector, (value) => value + random() * 0.05));
      const hits = await index.search({ vector: noisy, owners: [me], size: 5 });
      expect(hits[0].id).toBe(target.id);
      await index.deleteDocuments({ owner: me });
    });

    it('answers a ping', async () => {
      await expect(index.ping()).resolves.toBeUndefined();
    });
  });
}
