import { Busboy, type BusboyHeaders } from '@fastify/busboy';
import { createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SNIFF_BYTES } from '@cairn/documents';

export interface ReceivedFile {
  /** The name the client gave, reduced to its last segment; for display only. */
  filename: string;
  size: number;
  /** The file's first bytes, to tell its type by content. */
  head: Buffer;
}

export interface ReceivedForm {
  file: ReceivedFile | null;
  fields: Record<string, string>;
}

export class UploadTooLargeError extends Error {
  constructor(readonly bytes: number) {
    super('upload too large');
  }
}

export class FieldTooLongError extends Error {
  constructor(readonly field: string) {
    super(`${field} is too long`);
  }
}

/** Multipart framing and form fields allowed on top of the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
export const MAX_FIELD_CHARACTERS = 2000;

export function displayFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const clean = last.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(-255);
  return clean || 'upload';
}

/** Counts the bytes going through and keeps the first ones. */
class Measure extends Transform {
  size = 0;
  head = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.size += chunk.length;
    if (this.head.length < SNIFF_BYTES) this.head = Buffer.concat([this.head, chunk]).subarray(0, SNIFF_BYTES);
    this.push(chunk);
    done();
  }
}

/**
 * Streams the `file` part of a multipart request to `destination` (never whole in memory) and
 * collects the text fields. Stops reading once the file passes `maxBytes` (UploadTooLargeError);
 * a request whose declared length is already over it is refused before anything is read.
 */
export function receiveMultipart(request: IncomingMessage, destination: string | null, maxBytes: number): Promise<ReceivedForm> {
  const declared = Number(request.headers['content-length'] ?? NaN);
  if (declared > maxBytes + MULTIPART_OVERHEAD_BYTES) return Promise.reject(new UploadTooLargeError(declared));
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: Promise<ReceivedFile> | null = null;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      request.unpipe(busboy);
      request.pause();
      reject(error);
    };
    const busboy = new Busboy({
      headers: request.headers as BusboyHeaders,
      limits: { files: 1, fileSize: maxBytes, fields: 10, parts: 12, fieldSize: MAX_FIELD_CHARACTERS * 4 },
    });
    busboy.on('file', (field, stream, filename) => {
      if (field !== 'file' || file || !destination) {
        stream.resume();
        return;
      }
      const measure = new Measure();
      stream.once('limit', () => fail(new UploadTooLargeError(Number.isFinite(declared) ? declared : maxBytes + 1)));
      file = pipeline(stream, measure, createWriteStream(destination)).then(() => ({ filename: displayFileName(filename), size: measure.size, head: measure.head }));
      file.catch(fail);
    });
    busboy.on('field', (field, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated || value.length > MAX_FIELD_CHARACTERS) return fail(new FieldTooLongError(field));
      fields[field] = value;
    });
    busboy.once('error', fail);
    busboy.once('finish', () => {
      if (failed) return;
      (file ?? Promise.resolve(null)).then((received) => !failed && resolve({ file: received, fields }), fail);
    });
    request.pipe(busboy);
  });
}
