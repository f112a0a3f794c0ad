import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { BlobStore } from './blob-store.port.js';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The behaviour every BlobStore adapter must have. */
export function describeBlobStoreContract(adapter: string, open: () => Promise<BlobStore>): void {
  describe(`BlobStore contract: ${adapter}`, () => {
    let blobs: BlobStore;
    const prefix = () => `users/${randomUUID()}`;

    beforeAll(async () => {
      blobs = await open();
    });
    afterAll(async () => {
      await blobs?.close();
    });

    it('stores bytes and returns them unchanged', async () => {
      const key = `${prefix()}/doc.txt`;
      const data = Buffer.from('extracted text\nwith two lines ü');
      expect(await blobs.put(key, data)).toEqual({ key, size: data.length });
      expect(await blobs.get(key)).toEqual(data);
      expect(await blobs.stat(key)).toEqual({ key, size: data.length });
    });

    it('streams large blobs in and out', async () => {
      const key = `${prefix()}/original`;
      const data = randomBytes(3 * 1024 * 1024 + 17);
      await blobs.put(key, Readable.from([data.subarray(0, 1000), data.subarray(1000)]));
      const stream = await blobs.stream(key);
      expect(stream).not.toBeNull();
      expect((await readAll(stream!)).equals(data)).toBe(true);
    });

    it('replaces a blob written again under the same key', async () => {
      const key = `${prefix()}/result.json`;
      await blobs.put(key, Buffer.from('first version, longer'));
      await blobs.put(key, Buffer.from('second'));
      expect((await blobs.get(key))?.toString()).toBe('second');
    });

    it('answers null for a missing blob', async () => {
      const key = `${prefix()}/missing`;
      expect(await blobs.get(key)).toBeNull();
      expect(await blobs.stream(key)).toBeNull();
      expect(await blobs.stat(key)).toBeNull();
      expect(await blobs.delete(key)).toBe(false);
    });

    it('deletes one blob, or every blob under a prefix and nothing else', async () => {
      const mine = prefix();
      const theirs = prefix();
      await blobs.put(`${mine}/a`, Buffer.from('a'));
      await blobs.put(`${mine}/uploads/u1/b`, Buffer.from('b'));
      await blobs.put(`${theirs}/a`, Buffer.from('c'));
      expect(await blobs.delete(`${mine}/a`)).toBe(true);
      await blobs.put(`${mine}/a`, Buffer.from('a'));
      expect(await blobs.deletePrefix(mine)).toBe(2);
      expect(await blobs.get(`${mine}/uploads/u1/b`)).toBeNull();
      expect((await blobs.get(`${theirs}/a`))?.toString()).toBe('c');
      expect(await blobs.deletePrefix(mine)).toBe(0);
    });

    it('lets puts and a deletePrefix of their folder race without either failing', async () => {
      for (let round = 0; round < 40; round++) {
        const folder = `${prefix()}/uploads/u1`;
        await blobs.put(`${folder}/original`, Buffer.from('pdf'));
        const puts = [0, 1, 2, 3].map((index) => blobs.put(`${folder}/documents/${index}`, Buffer.alloc(4096, index)));
        await new Promise((resolve) => setImmediate(resolve));
        await expect(blobs.deletePrefix(folder)).resolves.toBeGreaterThanOrEqual(0);
        await expect(Promise.all(puts)).resolves.toHaveLength(4);
      }
    });

    it('lists the keys under a prefix, and only those', async () => {
      const mine = prefix();
      await blobs.put(`${mine}/uploads/u1/b`, Buffer.from('b'));
      await blobs.put(`${mine}/a`, Buffer.from('a'));
      await blobs.put(`${mine}/a`, Buffer.from('a again'));
      await blobs.put(`${mine}x/c`, Buffer.from('c'));
      expect(await blobs.list(mine)).toEqual([`${mine}/a`, `${mine}/uploads/u1/b`]);
      expect(await blobs.list(`${mine}/uploads`)).toEqual([`${mine}/uploads/u1/b`]);
      expect(await blobs.list(`${mine}/a`)).toEqual([]);
      expect(await blobs.list(prefix())).toEqual([]);
    });

    it('finds nothing beneath a blob, and never counts a blob named like the prefix as under it', async () => {
      const key = `${prefix()}/upload`;
      await blobs.put(key, Buffer.from('x'));
      expect(await blobs.get(`${key}/derived`)).toBeNull();
      expect(await blobs.stream(`${key}/derived`)).toBeNull();
      expect(await blobs.delete(`${key}/derived`)).toBe(false);
      expect(await blobs.deletePrefix(key)).toBe(0);
      expect((await blobs.get(key))?.toString()).toBe('x');
    });

    it('refuses keys that could escape their place', async () => {
      for (const key of ['../etc/passwd', 'users/../../x', '/abs', 'a//b', 'a/./b', '', 'a\\b']) {
        await expect(blobs.put(key, Buffer.from('x'))).rejects.toThrow(/invalid blob key/);
      }
    });
  });
}
