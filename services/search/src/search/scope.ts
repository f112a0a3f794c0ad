import type { AuthenticatedUser } from '@cairn/platform';
import { GLOBAL_OWNER, organisationOwner, userOwner } from '../chunks/chunk.js';
import type { SearchMode } from './search.schema.js';

/** Who searches: the user and the organisation their token names (never one a request names). */
export type Searcher = Pick<AuthenticatedUser, 'uid' | 'organisation'>;

/**
 * The owners a search may see: global protocols, the user's own, their organisation's library, or
 * `mixed` all three. Never another user's or another organisation's; none for a library search by a
 * user of no organisation.
 */
export function ownersFor(mode: SearchMode, { uid, organisation }: Searcher): string[] {
  const library = organisation?.id ? [organisationOwner(organisation.id)] : [];
  if (mode === 'global_only') return [GLOBAL_OWNER];
  if (mode === 'user_only') return [userOwner(uid)];
  if (mode === 'hospital_only') return library;
  return [GLOBAL_OWNER, userOwner(uid), ...library];
}

/** The owners of a search another service asks for: global protocols, the user's own and/or their organisation's library. */
export function ownersOf(scope: { includeGlobal: boolean; includeUser: boolean; userId: string; includeOrganisation: boolean; organisationId: string }): string[] {
  return [
    ...(scope.includeGlobal ? [GLOBAL_OWNER] : []),
    ...(scope.includeUser && scope.userId ? [userOwner(scope.userId)] : []),
    ...(scope.includeOrganisation && scope.organisationId ? [organisationOwner(scope.organisationId)] : []),
  ];
}
