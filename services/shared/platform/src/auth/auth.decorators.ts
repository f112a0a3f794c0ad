import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { AuthenticatedUser } from './token-verifier.js';

export const IS_PUBLIC = 'cairn:isPublic';

/** Marks a route (or controller) as reachable without a bearer token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedUser =>
    (context.switchToHttp().getRequest() as { user: AuthenticatedUser }).user,
);
