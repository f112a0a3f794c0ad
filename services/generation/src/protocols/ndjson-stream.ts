import { Readable } from 'node:stream';
import type { ServerResponse } from 'node:http';

/** The reply a streaming route answers through (Fastify's, as far as these routes use it). */
export interface StreamingReply {
  header(name: string, value: string): unknown;
  raw: ServerResponse;
}

/**
 * Headers that keep every hop from holding lines back: no caching or transforming proxy
 * (`no-transform` also rules out compression), nginx's `X-Accel-Buffering: no`.
 */
export const STREAM_HEADERS: Record<string, string> = {
  'content-type': 'application/x-ndjson; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

/**
 * Sends each event as one JSON line the moment it is produced. When the client goes away before the
 * end, `abort` fires, and the events stop being read.
 */
export function ndjsonBody(events: AsyncIterable<unknown>, reply: StreamingReply, abort: AbortController): Readable {
  for (const [name, value] of Object.entries(STREAM_HEADERS)) reply.header(name, value);
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
  async function* lines() {
    for await (const event of events) yield `${JSON.stringify(event)}\n`;
  }
  return Readable.from(lines(), { objectMode: false });
}
