import { GLOBAL_OWNER, userOwner } from '../chunks/chunk.js';
import type { SearchMode } from './search.schema.js';

/** The owners a search may see: global protocols, the user's own, or both. Never another user's. */
export function ownersFor(mode: SearchMode, uid: string): string[] {
  if (mode === 'global_only') return [GLOBAL_OWNER];
  if (mode === 'user_only') return [userOwner(uid)];
  return [GLOBAL_OWNER, userOwner(uid)];
}

/** The owners of a search another service asks for: global protocols and/or the user's own. */
export function ownersOf(scope: { includeGlobal: boolean; includeUser: boolean; userId: string }): string[] {
  return [...(scope.includeGlobal ? [GLOBAL_OWNER] : []), ...(scope.includeUser && scope.userId ? [userOwner(scope.userId)] : [])];
}
