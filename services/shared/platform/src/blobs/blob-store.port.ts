import type { Readable } from 'node:stream';

export const BLOB_STORE = Symbol('BLOB_STORE');

export interface BlobInfo {
  key: string;
  size: number;
}

/**
 * Binary objects addressed by slash-separated keys (`users/<uid>/uploads/<id>/original`).
 * Keys are made by services, never taken from user input.
 */
export interface BlobStore {
  put(key: string, data: Uint8Array | Readable): Promise<BlobInfo>;
  get(key: string): Promise<Buffer | null>;
  stream(key: string): Promise<Readable | null>;
  stat(key: string): Promise<BlobInfo | null>;
  delete(key: string): Promise<boolean>;
  /** Keys of every blob whose key starts with `prefix` followed by a slash, sorted. */
  list(prefix: string): Promise<string[]>;
  /** Deletes every blob whose key starts with `prefix` followed by a slash; returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  close(): Promise<void>;
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function assertBlobKey(key: string): string {
  if (!KEY.test(key) || key.length > 512) throw new Error(`invalid blob key: ${JSON.stringify(key)}`);
  return key;
}
