import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What an API answer may do in a browser: nothing (JSON is never a page, and never framed). */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The web app's policy: no inline or evaluated script, scripts and manifests only from this origin and
 * the Module Federation remotes' origins, no framing. Styles allow inline attributes (React sets them).
 * With an identity provider (auth.mode oidc), the app may call it and frame it (silent sign-in check).
 */
export function pageContentSecurityPolicy(remoteOrigins: string[] = [], identityProvider?: string): string {
  const origins = [...new Set(remoteOrigins)].join(' ');
  const self = origins ? `'self' ${origins}` : "'self'";
  const provider = identityProvider ? ` ${identityProvider}` : '';
  return [
    "default-src 'self'",
    `script-src ${self}`,
    `style-src ${self} 'unsafe-inline'`,
    `connect-src ${self}${provider}`,
    `frame-src 'self'${provider}`,
    "img-src 'self' data: blob: https:",
    `font-src ${self} data:`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The origins of absolute remote manifest URLs (relative ones are this origin). */
export function originsOf(urls: string[]): string[] {
  return urls.flatMap((url) => (/^https?:\/\//.test(url) ? [new URL(url).origin] : []));
}

/**
 * Sent with every response: no MIME sniffing, no referrer to other sites, HSTS when the request came
 * over TLS (directly or through a trusted proxy); unless the response chose its own, never framed and
 * the API's CSP (the web app's pages set theirs when the request arrives).
 */
export function addSecurityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (!reply.hasHeader('X-Frame-Options')) reply.header('X-Frame-Options', 'DENY');
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
