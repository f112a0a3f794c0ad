import type { SearchRequested } from '@cairn/contracts';
import type { AuthenticatedUser } from '@cairn/platform';

/** Whom a context search is for: the user and the organisation their token names (never one a request names). */
export type Searcher = Pick<AuthenticatedUser, 'uid' | 'organisation'>;

/** A search's scope as the search API names it. */
export type SearchMode = 'mixed' | 'global_only' | 'user_only' | 'hospital_only';

export type SearchScope = Pick<SearchRequested, 'userId' | 'includeGlobal' | 'includeUser' | 'organisationId' | 'includeOrganisation'>;

/**
 * The scope of a `search.requested` for this user: the organisation's hospital library is searched
 * exactly when the user's own protocols are in a mixed search, or alone in a hospital_only one.
 */
export function searchScope({ uid, organisation }: Searcher, mode: SearchMode = 'mixed'): SearchScope {
  const includeUser = mode === 'mixed' || mode === 'user_only';
  const organisationId = organisation?.id ?? '';
  return {
    userId: uid,
    includeGlobal: mode === 'mixed' || mode === 'global_only',
    includeUser,
    organisationId,
    includeOrganisation: Boolean(organisationId) && ((mode === 'mixed' && includeUser) || mode === 'hospital_only'),
  };
}
