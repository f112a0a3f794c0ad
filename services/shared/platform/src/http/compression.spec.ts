import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { get, type IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { addCompression } from './compression.js';

const protocols = Array.from({ length: 400 }, (_, index) => ({ id: `p${index}`, title: `Protocol ${index}`, steps: ['Give oral rehydration solution.'] }));

interface RawResponse {
  headers: IncomingHttpHeaders;
  rawPayload: Buffer;
}

/** The bytes as they cross the wire, not decoded. */
function request(app: FastifyInstance, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const { port } = app.server.address() as { port: number };
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, rawPayload: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('response compression', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    await addCompression(app);
    app.get('/preview', async () => ({ protocols }));
    app.get('/small', async () => ({ ok: true }));
    app.get('/stream', async (_request, reply) => {
      reply.header('content-type', 'application/x-ndjson; charset=utf-8');
      return Readable.from(protocols.map((protocol) => `${JSON.stringify(protocol)}\n`));
    });
    app.get('/events', async (_request, reply) => {
      reply.header('content-type', 'text/event-stream');
      return Readable.from(['data: one\n\n'.repeat(200)]);
    });
    app.get('/file.pdf', async (_request, reply) => reply.type('application/pdf').send(Buffer.alloc(4096, 1)));
    app.get('/protocols/generate/stream', async () => ({ protocols }));
    app.get('/api/auth/login', async () => ({ protocols }));
    await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.close());

  it('gzips a large JSON answer for a client that accepts it, and the body reads back whole', async () => {
    const response = await request(app, '/preview', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify({ protocols }).length / 5);
    expect(JSON.parse(gunzipSync(response.rawPayload).toString('utf8'))).toEqual({ protocols });
  });

  it('sends plain JSON to a client that does not ask for compression, and small answers as they are', async () => {
    expect((await request(app, '/preview')).headers['content-encoding']).toBeUndefined();
    expect((await request(app, '/small', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBeUndefined();
  });

  it('leaves streamed checklists, server-sent events, PDFs and sign-in answers uncompressed', async () => {
    for (const url of ['/stream', '/events', '/file.pdf', '/protocols/generate/stream', '/api/auth/login']) {
      const response = await request(app, url, { 'accept-encoding': 'gzip' });
      expect({ url, encoding: response.headers['content-encoding'] }).toEqual({ url, encoding: undefined });
      expect(response.rawPayload.length).toBeGreaterThan(1024);
    }
  });
});
