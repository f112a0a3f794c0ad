import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors/app-error.js';
import { IS_PUBLIC } from './auth.decorators.js';
import { EndedSessions } from './ended-sessions.js';
import { TOKEN_VERIFIER, type AuthenticatedUser, type TokenVerifier } from './token-verifier.js';

/** Path parameter and query parameter that name a user; both must equal the token's subject. */
export const USER_ID_PARAM = 'userId';
export const USER_ID_QUERY = 'user_id';

type Request = FastifyRequest & { user?: AuthenticatedUser };

@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(TOKEN_VERIFIER) private readonly verifier: TokenVerifier,
    private readonly endedSessions: EndedSessions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized();
    let user: AuthenticatedUser;
    try {
      user = await this.verifier.verify(token);
    } catch {
      throw unauthorized('Your session has expired. Please log in again.');
    }
    if (this.endedSessions.isEnded(user)) throw unauthorized('Your session has ended. Please log in again.');
    request.user = user;
    for (const claimed of claimedUserIds(request)) {
      if (claimed !== user.uid) throw forbidden();
    }
    return true;
  }
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1] : null;
}

function claimedUserIds(request: Request): string[] {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const ids: unknown[] = [params[USER_ID_PARAM], query[USER_ID_QUERY]];
  return ids.flat().filter((id): id is string => typeof id === 'string');
}
