import { afterAll, describe, expect, it } from '@jest/globals';
import { zipSync } from 'fflate';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ZIP_LIMITS, inspectZip, readZipEntries, ZipRejectedError, type ZipEntryInfo } from './zip-archive.js';

const dir = mkdtempSync(join(tmpdir(), 'cairn-zip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let count = 0;
const archive = (files: Record<string, Uint8Array>) => {
  const path = join(dir, `${count++}.zip`);
  writeFileSync(path, zipSync(files));
  return path;
};

async function entries(path: string, limits = DEFAULT_ZIP_LIMITS) {
  const seen: (ZipEntryInfo & { bytes: number })[] = [];
  await readZipEntries(path, async (entry, content) => void seen.push({ ...entry, bytes: content?.length ?? -1 }), limits);
  return seen;
}

describe('inspectZip', () => {
  it('accepts an ordinary archive and counts its entries', async () => {
    await expect(inspectZip(archive({ 'a.pdf': Buffer.from('%PDF-1.4'), 'b/c.pdf': Buffer.from('%PDF-1.4') }))).resolves.toEqual({ entries: 2 });
  });

  it('refuses more entries than the limit', async () => {
    const path = archive({ 'a.pdf': new Uint8Array(1), 'b.pdf': new Uint8Array(1), 'c.pdf': new Uint8Array(1) });
    await expect(inspectZip(path, { ...DEFAULT_ZIP_LIMITS, maxEntries: 2 })).rejects.toThrow('The ZIP file has 3 entries; at most 2 are accepted.');
  });

  it('refuses an archive that expands past the total limit, before inflating anything', async () => {
    const path = archive({ 'a.pdf': new Uint8Array(600_000).fill(1), 'b.pdf': new Uint8Array(600_000).fill(2) });
    await expect(inspectZip(path, { ...DEFAULT_ZIP_LIMITS, maxTotalBytes: 1_000_000 })).rejects.toBeInstanceOf(ZipRejectedError);
  });

  it('refuses a ZIP bomb by its expansion ratio', async () => {
    await expect(inspectZip(archive({ 'zeros.pdf': new Uint8Array(20 * 1024 * 1024) }))).rejects.toThrow(/ZIP bomb/);
  });

  it('refuses bytes that are not a readable ZIP', async () => {
    const path = join(dir, 'broken.zip');
    writeFileSync(path, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 9)]));
    await expect(inspectZip(path)).rejects.toThrow('The ZIP file is damaged and cannot be read.');
  });
});

describe('readZipEntries', () => {
  it('hands over each file by its last name segment and skips unsafe names, never using them as paths', async () => {
    const seen = await entries(archive({ 'docs/a.pdf': Buffer.from('aaa'), '../../etc/passwd.pdf': Buffer.from('x'), '/abs/b.pdf': Buffer.from('y'), '__MACOSX/._a.pdf': Buffer.from('z') }));
    expect(seen).toEqual([
      { name: 'a.pdf', skipped: null, bytes: 3 },
      { name: 'passwd.pdf', skipped: 'unsafe file name in the archive', bytes: -1 },
      { name: 'b.pdf', skipped: 'unsafe file name in the archive', bytes: -1 },
    ]);
  });

  it('skips entries larger than the per-entry limit without inflating them', async () => {
    const seen = await entries(archive({ 'big.pdf': new Uint8Array(5000).fill(7), 'small.pdf': Buffer.from('ok') }), { ...DEFAULT_ZIP_LIMITS, maxEntryBytes: 4096 });
    expect(seen).toEqual([
      { name: 'big.pdf', skipped: 'larger than 0 MB uncompressed', bytes: -1 },
      { name: 'small.pdf', skipped: null, bytes: 2 },
    ]);
  });
});
