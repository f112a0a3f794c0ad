import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../http/loopback-server.js';
import type { KubernetesObject } from './helm.js';
import { sendFile } from './static-files.js';

export interface ApiRoute {
  service: string;
  /** Matches the request paths the rule takes; they go upstream unchanged (the services serve under API_PREFIX). */
  pattern: RegExp;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

interface IngressPath {
  path: string;
  pathType: string;
  backend: { service: { name: string } };
}

/**
 * The API Ingress objects' rules from rendered chart objects, in the order a controller applies them:
 * the whole-path patterns (`<release>-api-patterns`, `ImplementationSpecific`), then the `Prefix` paths
 * of `<release>-api`, longest first, each matching whole path segments.
 */
export function apiRoutes(objects: KubernetesObject[], release = 'cairn'): ApiRoute[] {
  const ingresses = objects.filter((object) => object.kind === 'Ingress' && [`${release}-api`, `${release}-api-patterns`].includes(object.metadata.name));
  if (!ingresses.some((ingress) => ingress.metadata.name === `${release}-api`)) throw new Error('the rendered chart has no API Ingress');
  const paths = ingresses.flatMap((ingress) => ((ingress.spec?.rules ?? []) as { http: { paths: IngressPath[] } }[]).flatMap((rule) => rule.http.paths));
  const route = (path: IngressPath, pattern: string) => ({ service: path.backend.service.name.replace(new RegExp(`^${release}-`), ''), pattern: new RegExp(pattern) });
  const patterns = paths.filter((path) => path.pathType === 'ImplementationSpecific').map((path) => route(path, `^(?:${path.path})$`));
  const prefixes = paths
    .filter((path) => path.pathType === 'Prefix')
    .sort((a, b) => b.path.length - a.path.length)
    .map((path) => route(path, `^${escapeRegExp(path.path.replace(/\/$/, ''))}(?:/|$)`));
  return [...patterns, ...prefixes];
}

/** The API_PREFIX the chart gives the services (from its ConfigMaps or a Deployment's env), if any. */
export function apiPrefix(objects: KubernetesObject[]): string | undefined {
  for (const object of objects) {
    const data = (object as { data?: Record<string, string> }).data;
    if (object.kind === 'ConfigMap' && data?.API_PREFIX) return data.API_PREFIX;
    const containers = (object.spec as { template?: { spec?: { containers?: { env?: { name: string; value?: string }[] }[] } } } | undefined)?.template?.spec?.containers ?? [];
    const value = containers.flatMap((container) => container.env ?? []).find((variable) => variable.name === 'API_PREFIX')?.value;
    if (value) return value;
  }
  return undefined;
}

function serveShell(shell: WebShell, path: string, outgoing: ServerResponse): void {
  if (path === '/runtime-config.json') {
    outgoing.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' }).end(JSON.stringify(shell.runtimeConfig));
  } else if (!(path !== '/' && sendFile(shell.dir, path, outgoing)) && !(shell.routes.includes(path) && sendFile(shell.dir, 'index.html', outgoing))) {
    outgoing.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  }
}

/**
 * Applies the API routes the way the Ingress does: the first matching rule wins and the path goes
 * upstream as it came. With a shell, every other path is the web Ingress's `/` (the shell's files).
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
    const target = new URL(`${url.pathname}${url.search}`, upstream);
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
