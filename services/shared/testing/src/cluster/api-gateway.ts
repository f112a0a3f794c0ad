import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../http/loopback-server.js';
import type { KubernetesObject } from './helm.js';
import { sendFile } from './static-files.js';

export interface ApiRoute {
  service: string;
  /** An ingress-nginx regex path: anchored, case-insensitive, group 1 is the upstream path. */
  pattern: RegExp;
}

/** What the web Ingress serves besides the API: the shell's files, its SPA routes and the runtime config. */
export interface WebShell {
  dir: string;
  runtimeConfig: unknown;
  routes: string[];
}

export interface ApiGateway {
  url: string;
  /** The requests it passed on, per service. */
  forwarded(): Record<string, number>;
  stop(): Promise<void>;
}

/** The API Ingress's rules from rendered chart objects: each path regex and the Service (`<release>-<service>`) it names. */
export function apiRoutes(objects: KubernetesObject[], release = 'cairn'): ApiRoute[] {
  const ingress = objects.find((object) => object.kind === 'Ingress' && object.metadata.name.endsWith('-api'));
  if (!ingress) throw new Error('the rendered chart has no API Ingress');
  const rules = (ingress.spec?.rules ?? []) as { http: { paths: { path: string; backend: { service: { name: string } } }[] } }[];
  return rules.flatMap((rule) =>
    rule.http.paths.map((path) => ({
      service: path.backend.service.name.replace(new RegExp(`^${release}-`), ''),
      pattern: new RegExp(`^${path.path}`, 'i'),
    })),
  );
}

function serveShell(shell: WebShell, path: string, outgoing: ServerResponse): void {
  if (path === '/runtime-config.json') {
    outgoing.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' }).end(JSON.stringify(shell.runtimeConfig));
  } else if (!(path !== '/' && sendFile(shell.dir, path, outgoing)) && !(shell.routes.includes(path) && sendFile(shell.dir, 'index.html', outgoing))) {
    outgoing.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  }
}

/**
 * Applies the API routes the way the Ingress does: the first matching path wins and only its group 1
 * goes upstream. With a shell, every other path is the web Ingress's `/` (the shell's files).
 */
export async function startApiGateway(routes: ApiRoute[], upstreams: Record<string, string>, shell?: WebShell): Promise<ApiGateway> {
  const counts: Record<string, number> = {};
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', 'http://gateway');
    const route = routes.find((candidate) => candidate.pattern.test(url.pathname));
    const upstream = route && upstreams[route.service];
    if (!route && shell && !url.pathname.startsWith('/api/')) return serveShell(shell, url.pathname, outgoing);
    if (!route || !upstream) {
      outgoing.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'no route' }));
      return;
    }
    counts[route.service] = (counts[route.service] ?? 0) + 1;
    const target = new URL(`/${route.pattern.exec(url.pathname)![1]}${url.search}`, upstream);
    const proxied = forward(target, { method: incoming.method, headers: { ...incoming.headers, host: target.host } }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    proxied.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ detail: `${route.service} is unreachable` }));
    });
    incoming.pipe(proxied);
  });
  const { port, close } = await listenOnLoopback(server);
  return { url: `http://127.0.0.1:${port}`, forwarded: () => ({ ...counts }), stop: close };
}
