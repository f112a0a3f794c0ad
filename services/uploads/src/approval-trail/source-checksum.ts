import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { BlobStore } from '@cairn/platform';

/** The stream as it is, hashing it on the way through: `hex()` is its SHA-256 once it has ended. */
export function checksumming(source: Readable): { stream: Readable; hex: () => string } {
  const hash = createHash('sha256');
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  source.on('error', (error) => stream.destroy(error));
  source.pipe(stream);
  let digest = '';
  return { stream, hex: () => (digest ||= hash.digest('hex')) };
}

/** SHA-256 (hex) of a stored blob's bytes; empty when there is no such blob. */
export async function blobChecksum(blobs: BlobStore, key: string): Promise<string> {
  const content = await blobs.stream(key);
  if (!content) return '';
  const hash = createHash('sha256');
  for await (const chunk of content) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
