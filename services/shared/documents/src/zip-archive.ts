import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

export interface ZipLimits {
  maxEntries: number;
  /** Sum of the declared uncompressed sizes of every entry. */
  maxTotalBytes: number;
  maxEntryBytes: number;
  /** Uncompressed ÷ compressed size above which an entry larger than 1 MiB is taken for a bomb. */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxEntryBytes: 100 * 1024 * 1024,
  maxRatio: 100,
};

const RATIO_CHECK_FROM_BYTES = 1024 * 1024;

/** An archive that must not be opened at all, with a reason fit to show the user. */
export class ZipRejectedError extends Error {}

export interface ZipEntryInfo {
  /** The entry's last name segment, for display only: never used as a path. */
  name: string;
  /** Why the entry is not read, or null when it is. */
  skipped: string | null;
}

const IGNORED = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$)/;

function decodeName(entry: Entry): string {
  const raw = entry.fileName as unknown as Buffer;
  const utf8 = (entry.generalPurposeBitFlag & 0x800) !== 0;
  return raw.toString(utf8 ? 'utf8' : 'latin1').replace(/[\u0000-\u001f\u007f]/g, '');
}

function isUnsafe(path: string): boolean {
  return path.startsWith('/') || path.includes('\\') || /^[a-zA-Z]:/.test(path) || path.split('/').includes('..');
}

function displayName(path: string): string {
  return path.split('/').filter(Boolean).pop() ?? path;
}

function skipReason(entry: Entry, path: string, limits: ZipLimits): string | null {
  if (isUnsafe(path)) return 'unsafe file name in the archive';
  if ((entry.generalPurposeBitFlag & 0x1) !== 0) return 'encrypted in the archive';
  if (entry.uncompressedSize > limits.maxEntryBytes) return `larger than ${Math.round(limits.maxEntryBytes / 1048576)} MB uncompressed`;
  return null;
}

function open(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: true }, (error, zip) => {
      if (error || !zip) reject(new ZipRejectedError('The ZIP file is damaged and cannot be read.'));
      else resolve(zip);
    });
  });
}

function readStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(error) : resolve(stream))));
}

async function collect(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      stream.destroy();
      throw new Error('larger uncompressed than its header says');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Checks a ZIP's central directory against the limits (entry count, total and per-entry expansion)
 * without inflating anything; throws ZipRejectedError for an archive that must not be opened.
 */
export async function inspectZip(path: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<{ entries: number }> {
  const zip = await open(path);
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new ZipRejectedError(`The ZIP file has ${zip.entryCount} entries; at most ${limits.maxEntries} are accepted.`);
  }
  let total = 0;
  return new Promise((resolve, reject) => {
    const fail = (message: string) => {
      zip.close();
      reject(new ZipRejectedError(message));
    };
    zip.on('entry', (entry: Entry) => {
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) return fail(`The ZIP file expands to more than ${Math.round(limits.maxTotalBytes / 1048576)} MB; it was not opened.`);
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize > RATIO_CHECK_FROM_BYTES && ratio > limits.maxRatio) {
        return fail('The ZIP file expands far more than documents do (a ZIP bomb); it was not opened.');
      }
      zip.readEntry();
    });
    zip.once('end', () => resolve({ entries: zip.entryCount }));
    zip.once('error', () => fail('The ZIP file is damaged and cannot be read.'));
    zip.readEntry();
  });
}

/**
 * Calls `onEntry` for each file of the archive in order, with its bytes (at most the per-entry limit)
 * or the reason it is skipped. Directories and OS metadata files are passed over.
 */
export async function readZipEntries(
  path: string,
  onEntry: (entry: ZipEntryInfo, content: Buffer | null) => Promise<void>,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<void> {
  const zip = await open(path);
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      void (async () => {
        const path = decodeName(entry);
        if (path.endsWith('/') || IGNORED.test(path)) return;
        const name = displayName(path);
        const skipped = skipReason(entry, path, limits);
        if (skipped) return onEntry({ name, skipped }, null);
        let content: Buffer;
        try {
          content = await collect(await readStream(zip, entry), Math.min(entry.uncompressedSize, limits.maxEntryBytes));
        } catch (error) {
          return onEntry({ name, skipped: `unreadable in the archive (${(error as Error).message})` }, null);
        }
        await onEntry({ name, skipped: null }, content);
      })().then(() => zip.readEntry(), (error: unknown) => {
        zip.close();
        reject(error);
      });
    });
    zip.once('end', () => resolve());
    zip.once('error', () => reject(new ZipRejectedError('The ZIP file is damaged and cannot be read.')));
    zip.readEntry();
  });
}
