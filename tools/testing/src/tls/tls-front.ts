import { connect as connectTcp } from 'node:net';
import { createServer as createHttpsServer } from 'node:https';
import { request as forward, type IncomingHttpHeaders } from 'node:http';
import { createServer as createTlsServer, type Server } from 'node:tls';
import type { TestCertificates } from './test-certificates.js';

export interface TlsFront {
  /** https://127.0.0.1:<port> (or the port alone for a TCP front). */
  url: string;
  port: number;
  /** Headers of every request an HTTPS front passed on. */
  headers: IncomingHttpHeaders[];
  stop(): Promise<void>;
}

async function listen(server: Server, headers: IncomingHttpHeaders[]): Promise<TlsFront> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `https://127.0.0.1:${port}`,
    port,
    headers,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Terminates HTTPS with `certificates` and passes each request on to the plain-HTTP `upstream`, as a TLS ingress in front of a backend does. */
export function startHttpsFront(upstream: string, certificates: TestCertificates): Promise<TlsFront> {
  const headers: IncomingHttpHeaders[] = [];
  const server = createHttpsServer({ cert: certificates.cert, key: certificates.key }, (incoming, outgoing) => {
    headers.push(incoming.headers);
    const target = new URL(incoming.url ?? '/', upstream);
    const proxied = forward(target, { method: incoming.method, headers: { ...incoming.headers, host: target.host } }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    proxied.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(proxied);
  });
  return listen(server, headers);
}

/** Terminates TLS and pipes the bytes to `upstreamPort` (a wire protocol such as MongoDB's). */
export function startTlsTcpFront(upstreamPort: number, certificates: TestCertificates): Promise<TlsFront> {
  const server = createTlsServer({ cert: certificates.cert, key: certificates.key }, (socket) => {
    const upstream = connectTcp(upstreamPort, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  return listen(server, []);
}
