import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'cairn_refresh';

/**
 * The cookie is sent only to the auth routes as the browser sees them: AUTH_COOKIE_PATH behind a proxy
 * that rewrites paths (the chart's ingress strips `/api`), else read from the request (`/api/auth` in
 * the standalone server, `/auth` for the service alone).
 */
function cookiePath(request: FastifyRequest): string {
  if (process.env.AUTH_COOKIE_PATH) return process.env.AUTH_COOKIE_PATH;
  const path = request.url.split('?')[0];
  const at = path.indexOf('/auth/');
  return at >= 0 ? path.slice(0, at + '/auth'.length) : '/';
}

function attributes(request: FastifyRequest, maxAgeSeconds: number): string {
  return `Path=${cookiePath(request)}; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Strict`;
}

/** httpOnly (no script reads it), Secure (browsers treat http://localhost as secure too) and SameSite=Strict. */
export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  reply.header('set-cookie', `${REFRESH_COOKIE}=${token}; ${attributes(request, maxAgeSeconds)}`);
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', `${REFRESH_COOKIE}=; ${attributes(request, 0)}`);
}

export function readRefreshCookie(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === REFRESH_COOKIE && value.length > 0) return value.join('=') || null;
  }
  return null;
}
