import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../http/loopback-server.js';
import type { KubernetesObject } from './helm.js';
import { chooseRoute, type RouteRule } from './ingress-rules.js';
import { sendFile } from './static-files.js';

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
 * Routes every request as the rendered Ingress (or HTTPRoute) rules do on a real controller
 * (ingress-rules.ts); the path goes upstream as it came. A request the rules give the shell
 * (`frontend-shell`, the web Ingress's `/`) is answered with the shell's files when there is one.
 */
export async function startApiGateway(rules: RouteRule[], upstreams: Record<string, string>, shell?: WebShell): Promise<ApiGateway> {
  const counts: Record<string, number> = {};
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', 'http://gateway');
    const route = chooseRoute(rules, url.pathname);
    const upstream = route && upstreams[route.service];
    if (route?.service === 'frontend-shell' && shell) return serveShell(shell, url.pathname, outgoing);
    if (!route || !upstream) {
      outgoing.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'no route' }));
      return;
    }
    counts[route.service] = (counts[route.service] ?? 0) + 1;
    const target = new URL(`${url.pathname}${url.search}`, upstream);
    // Each chunk goes on as it arrives (a streamed checklist); a client that leaves cancels the upstream request.
    const proxied = forward(target, { method: incoming.method, headers: { ...incoming.headers, host: target.host } }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      outgoing.flushHeaders();
      answer.pipe(outgoing);
    });
    outgoing.on('close', () => {
      if (!outgoing.writableFinished) proxied.destroy();
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
