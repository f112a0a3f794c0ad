import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PLATFORM_CONFIG, type PlatformConfig } from '@cairn/platform';
import { SESSION_IDLE_SECONDS, type IssuedSession } from './sessions.service.js';

export const REFRESH_COOKIE = 'cairn_refresh';

/**
 * The refresh token's only way to the browser: httpOnly (no script reads it), Secure (browsers treat
 * http://localhost as secure too), SameSite=Strict, and sent only to the auth routes.
 */
@Injectable()
export class RefreshCookie {
  constructor(@Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig) {}

  /** The access token goes in the body (kept in memory by the web app); the refresh token in the cookie. */
  handOver(request: FastifyRequest, reply: FastifyReply, issued: IssuedSession) {
    reply.header('set-cookie', `${REFRESH_COOKIE}=${issued.refreshToken}; ${this.attributes(request, SESSION_IDLE_SECONDS)}`);
    return issued.body;
  }

  clear(request: FastifyRequest, reply: FastifyReply): void {
    reply.header('set-cookie', `${REFRESH_COOKIE}=; ${this.attributes(request, 0)}`);
  }

  read(request: FastifyRequest): string | null {
    for (const part of (request.headers.cookie ?? '').split(';')) {
      const [name, ...value] = part.trim().split('=');
      if (name === REFRESH_COOKIE && value.length > 0) return value.join('=') || null;
    }
    return null;
  }

  private attributes(request: FastifyRequest, maxAgeSeconds: number): string {
    return `Path=${this.path(request)}; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Strict`;
  }

  /**
   * The auth routes as the browser sees them: AUTH_COOKIE_PATH behind a proxy that rewrites paths (the
   * chart's ingress strips `/api`), else read from the request (`/api/auth` standalone, `/auth` alone).
   */
  private path(request: FastifyRequest): string {
    if (this.config.AUTH_COOKIE_PATH) return this.config.AUTH_COOKIE_PATH;
    const path = request.url.split('?')[0];
    const at = path.indexOf('/auth/');
    return at >= 0 ? path.slice(0, at + '/auth'.length) : '/';
  }
}
