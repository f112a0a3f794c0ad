import { GridFSBucket, type Collection as NativeCollection, type Filter, type GridFSFile } from 'mongodb';
import mongoose, { type Connection } from 'mongoose';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, type BlobInfo, type BlobStore } from '../blob-store.port.js';
import { mongoTlsOptions } from '../../documents/adapters/mongo-document-store.adapter.js';

export interface GridFsBlobStoreOptions {
  url: string;
  /** The service's database, e.g. `cairn_uploads`. */
  database: string;
  /** GridFS keeps `<bucketName>.files` and `<bucketName>.chunks`. */
  bucketName?: string;
  /** PEM bundle the server's certificate is checked against (MONGO_CA_FILE); implies TLS. */
  caFile?: string;
}

interface Bucket {
  gridFs: GridFSBucket;
  files: NativeCollection<GridFSFile>;
  chunks: NativeCollection;
}

/** Among versions of one key (only while a put is replacing it), the newest wins. */
const NEWEST_FIRST = { uploadDate: -1, _id: -1 } as const;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Blobs in MongoDB GridFS (cluster mode); the blob key is the GridFS filename. */
export class GridFsBlobStore implements BlobStore {
  private readonly connection: Connection;
  private readonly bucket: Promise<Bucket>;

  constructor({ url, database, bucketName = 'blobs', caFile }: GridFsBlobStoreOptions) {
    this.connection = mongoose.createConnection(url, { dbName: database, ...mongoTlsOptions(caFile) });
    this.bucket = this.connection.asPromise().then(({ db }) => ({
      gridFs: new GridFSBucket(db!, { bucketName }),
      files: db!.collection<GridFSFile>(`${bucketName}.files`),
      chunks: db!.collection(`${bucketName}.chunks`),
    }));
    this.bucket.catch(() => undefined);
  }

  /** Connects and answers once the connection is open. */
  static async connect(options: GridFsBlobStoreOptions): Promise<GridFsBlobStore> {
    const store = new GridFsBlobStore(options);
    try {
      await store.bucket;
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  }

  /** Writes a new GridFS file, then deletes the older versions, so readers always find a whole blob. */
  async put(key: string, data: Uint8Array | Readable): Promise<BlobInfo> {
    assertBlobKey(key);
    const { gridFs } = await this.bucket;
    const upload = gridFs.openUploadStream(key);
    const source =
      data instanceof Readable ? data : Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)]);
    try {
      await pipeline(source, upload);
    } catch (error) {
      await upload.abort().catch(() => undefined);
      throw error;
    }
    await this.removeFiles({ filename: key, _id: { $lt: upload.id } });
    return { key, size: upload.length };
  }

  async get(key: string): Promise<Buffer | null> {
    const stream = await this.stream(key);
    return stream ? readAll(stream) : null;
  }

  async stream(key: string): Promise<Readable | null> {
    const file = await this.newest(key);
    return file ? (await this.bucket).gridFs.openDownloadStream(file._id) : null;
  }

  async stat(key: string): Promise<BlobInfo | null> {
    const file = await this.newest(key);
    return file ? { key, size: file.length } : null;
  }

  async delete(key: string): Promise<boolean> {
    return (await this.removeFiles({ filename: assertBlobKey(key) })).length > 0;
  }

  async list(prefix: string): Promise<string[]> {
    const { files } = await this.bucket;
    const found = await files.find({ filename: { $regex: `^${escapeRegex(`${assertBlobKey(prefix)}/`)}` } }, { projection: { filename: 1 } }).toArray();
    return [...new Set(found.map((file) => file.filename))].sort();
  }

  async deletePrefix(prefix: string): Promise<number> {
    const below = `${assertBlobKey(prefix)}/`;
    const removed = await this.removeFiles({ filename: { $regex: `^${escapeRegex(below)}` } });
    return new Set(removed).size;
  }

  async close(): Promise<void> {
    await this.connection.close();
  }

  private async newest(key: string): Promise<GridFSFile | null> {
    const { files } = await this.bucket;
    return files.findOne({ filename: assertBlobKey(key) }, { sort: NEWEST_FIRST });
  }

  /** Deletes the matching files' metadata, then their chunks; returns the removed filenames. */
  private async removeFiles(filter: Filter<GridFSFile>): Promise<string[]> {
    const { files, chunks } = await this.bucket;
    const found = await files.find(filter, { projection: { _id: 1, filename: 1 } }).toArray();
    if (found.length === 0) return [];
    const ids = found.map((file) => file._id);
    await files.deleteMany({ _id: { $in: ids } });
    await chunks.deleteMany({ files_id: { $in: ids } });
    return found.map((file) => file.filename);
  }
}
