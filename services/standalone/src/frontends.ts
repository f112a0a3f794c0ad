import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { createLogger, originsOf, pageContentSecurityPolicy, parseEnv } from '@cairn/platform';

export const REMOTES = ['chat', 'sidebar', 'upload'] as const;
/** Client-side routes of the shell (docs/product-spec.md §2); any other page path redirects to `/`. */
export const SPA_ROUTES = new Set(['/', '/login', '/signup', '/forgot-password', '/dashboard', '/oidc-popup']);

const frontendEnvSchema = z.object({
  FRONTENDS_DIR: z.string().min(1).default(fileURLToPath(new URL('../../../frontends', import.meta.url))),
  PUBLIC_API_BASE_URL: z.string().min(1).default('/api'),
  OIDC_ISSUER_URL: z.string().optional(),
  AUTH_MODE: z.enum(['local', 'oidc']).default('local'),
  AUTH_ISSUER: z.string().optional(),
  AUTH_OIDC_CLIENT_ID: z.string().min(1).optional(),
}).refine((env) => env.AUTH_MODE === 'local' || (env.AUTH_ISSUER?.startsWith('http') && env.AUTH_OIDC_CLIENT_ID), {
  message: 'AUTH_MODE=oidc needs AUTH_ISSUER (the provider issuer URL) and AUTH_OIDC_CLIENT_ID (the browser app client)',
  path: ['AUTH_MODE'],
});

/** The silent sign-in check page runs one script of this origin and may be framed by the app only. */
export const SILENT_CHECK_POLICY = "default-src 'none'; script-src 'self'; frame-ancestors 'self'";

export interface FrontendsOptions {
  apiPrefix: string;
}

export interface RuntimeConfig {
  apiBaseUrl: string;
  remotes: Record<(typeof REMOTES)[number], string>;
  auth: { mode: 'local'; externalProvider?: { startUrl: string } } | { mode: 'oidc'; issuer: string; clientId: string };
}

const logger = createLogger('frontends');

const noCache = (path: string) => /(index\.html|mf-manifest\.json|remoteEntry\.js|mf-stats\.json)$/.test(path);

/** Serves the shell at `/`, each remote at `/remotes/<name>/`, the runtime config and the SPA routes. */
export async function serveFrontends(fastify: FastifyInstance, options: FrontendsOptions, env = process.env): Promise<void> {
  const settings = parseEnv(frontendEnvSchema, env);
  const shellDir = join(settings.FRONTENDS_DIR, 'shell', 'dist');
  const runtimeConfig: RuntimeConfig = {
    apiBaseUrl: settings.PUBLIC_API_BASE_URL,
    remotes: Object.fromEntries(REMOTES.map((name) => [name, `/remotes/${name}/mf-manifest.json`])) as RuntimeConfig['remotes'],
    auth:
      settings.AUTH_MODE === 'oidc'
        ? { mode: 'oidc', issuer: settings.AUTH_ISSUER!, clientId: settings.AUTH_OIDC_CLIENT_ID! }
        : {
            mode: 'local',
            ...(settings.OIDC_ISSUER_URL && { externalProvider: { startUrl: `${settings.PUBLIC_API_BASE_URL.replace(/\/$/, '')}/auth/oidc/start` } }),
          },
  };
  const identityProvider = runtimeConfig.auth.mode === 'oidc' ? new URL(runtimeConfig.auth.issuer).origin : undefined;
  const pagePolicy = pageContentSecurityPolicy(originsOf(Object.values(runtimeConfig.remotes)), identityProvider);
  const isApi = (url: string) => url === `/${options.apiPrefix}` || url.startsWith(`/${options.apiPrefix}/`) || url.startsWith(`/${options.apiPrefix}?`);
  // keycloak-js's silent sign-in check loads this page in a hidden iframe of the app itself.
  const framedByTheApp = (url: string) => url.split('?')[0] === '/silent-check-sso.html';
  // Set before the handler runs; the platform's security headers fill in only what a response lacks.
  fastify.addHook('onRequest', async (request, reply) => {
    if (isApi(request.url)) return;
    const framed = framedByTheApp(request.url);
    reply.header('Content-Security-Policy', framed ? SILENT_CHECK_POLICY : pagePolicy);
    if (framed) reply.header('X-Frame-Options', 'SAMEORIGIN');
  });
  const setHeaders = (reply: FastifyReply, path: string) => {
    reply.header('Cache-Control', noCache(path) ? 'no-cache' : 'public, max-age=31536000, immutable');
  };

  const built = [shellDir, ...REMOTES.map((name) => join(settings.FRONTENDS_DIR, name, 'dist'))].filter((dir) => existsSync(dir));
  if (existsSync(shellDir)) {
    await fastify.register(fastifyStatic, { root: shellDir, prefix: '/', wildcard: false, index: false, setHeaders });
  }
  for (const name of REMOTES) {
    const dir = join(settings.FRONTENDS_DIR, name, 'dist');
    if (!existsSync(dir)) continue;
    await fastify.register(fastifyStatic, {
      root: dir,
      prefix: `/remotes/${name}/`,
      wildcard: false,
      index: false,
      decorateReply: !existsSync(shellDir),
      setHeaders,
    });
  }
  if (built.length < REMOTES.length + 1) {
    logger.warn({ dir: settings.FRONTENDS_DIR }, 'some frontends are not built; run `npm run build`');
  }

  const sendShell = (reply: FastifyReply) => {
    if (!existsSync(join(shellDir, 'index.html'))) {
      return reply.status(503).type('text/plain').send('The Cairn frontend is not built yet. Run `npm run build`, then reload.');
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', shellDir);
  };

  fastify.get('/runtime-config.json', async (_request, reply) => reply.header('Cache-Control', 'no-cache').send(runtimeConfig));

  fastify.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0];
    if (path === `/${options.apiPrefix}` || path.startsWith(`/${options.apiPrefix}/`)) {
      return reply.status(404).send({ detail: { message: `Cannot GET ${path}`, category: 'not_found' } });
    }
    if (SPA_ROUTES.has(path.replace(/\/+$/, '') || '/')) return sendShell(reply);
    if (/\.[A-Za-z0-9]+$/.test(path)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return reply.redirect('/', 302);
  });
  fastify.get('/', async (_request, reply) => sendShell(reply));
}
