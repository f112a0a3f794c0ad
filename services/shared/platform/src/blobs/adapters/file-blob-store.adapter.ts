import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, type BlobInfo, type BlobStore } from '../blob-store.port.js';

/** ENOTDIR: a blob sits where the path needs a directory (key `a` when asked for `a/b`), so nothing is there. */
const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** A put racing a deletePrefix of its folder: the folder may vanish under the rename, or fill again under the rm. */
const MOVE_ATTEMPTS = 5;
const REMOVE_RETRIES = 10;

/** Blobs as files under one directory (standalone: `DATA_DIR/blobs`). Writes are atomic. */
export class FileBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    return join(this.root, 'objects', ...assertBlobKey(key).split('/'));
  }

  async put(key: string, data: Uint8Array | Readable): Promise<BlobInfo> {
    const target = this.path(key);
    const temp = join(this.root, 'tmp', randomUUID());
    await mkdir(dirname(temp), { recursive: true });
    try {
      if (data instanceof Readable) await pipeline(data, createWriteStream(temp));
      else await writeFile(temp, data);
      const { size } = await stat(temp);
      await moveInto(temp, target);
      return { key, size };
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stream(key: string): Promise<Readable | null> {
    return (await this.stat(key)) ? createReadStream(this.path(key)) : null;
  }

  async stat(key: string): Promise<BlobInfo | null> {
    try {
      const info = await stat(this.path(key));
      return info.isFile() ? { key, size: info.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<boolean> {
    try {
      await unlink(this.path(key));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const dir = this.path(prefix);
    try {
      const entries = await readdir(dir, { withFileTypes: true, recursive: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => `${prefix}/${relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/')}`)
        .sort();
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<number> {
    const dir = this.path(prefix);
    const count = await countFiles(dir);
    if (count > 0) await rm(dir, { recursive: true, force: true, maxRetries: REMOVE_RETRIES, retryDelay: 10 });
    return count;
  }

  async close(): Promise<void> {}
}

/** A folder a concurrent deletePrefix removed between the mkdir and the rename is made again. */
async function moveInto(temp: string, target: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await mkdir(dirname(target), { recursive: true });
    try {
      return await rename(temp, target);
    } catch (error) {
      if (!isMissing(error) || attempt === MOVE_ATTEMPTS) throw error;
    }
  }
}

async function countFiles(dir: string): Promise<number> {
  try {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true });
    return entries.filter((entry) => entry.isFile()).length;
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
}
