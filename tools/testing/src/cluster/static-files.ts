import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { listenOnLoopback } from '../http/loopback-server.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Sends `dir/<path>` when it is a file inside `dir`; false otherwise. */
export function sendFile(dir: string, path: string, response: ServerResponse, headers: Record<string, string> = {}): boolean {
  const file = normalize(join(dir, decodeURIComponent(path)));
  if (!file.startsWith(normalize(dir)) || !existsSync(file) || !statSync(file).isFile()) return false;
  response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...headers });
  createReadStream(file).pipe(response);
  return true;
}

/** A remote's own origin, as its image serves it: `<dir>` at `/remotes/<name>/`, readable cross-origin. */
export async function startRemoteOrigin(name: string, dir: string): Promise<{ url: string; requested(): string[]; stop(): Promise<void> }> {
  const requested: string[] = [];
  const prefix = `/remotes/${name}/`;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://remote').pathname;
    requested.push(path);
    const cors = { 'access-control-allow-origin': '*' };
    if (request.method === 'OPTIONS') return void response.writeHead(204, { ...cors, 'access-control-allow-headers': '*' }).end();
    if (path.startsWith(prefix) && sendFile(dir, path.slice(prefix.length), response, cors)) return;
    response.writeHead(404, cors).end();
  });
  const { port, close } = await listenOnLoopback(server);
  return { url: `http://127.0.0.1:${port}`, requested: () => [...requested], stop: close };
}
