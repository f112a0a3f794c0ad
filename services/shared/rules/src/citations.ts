/** The parts of a protocol citation that decide how its source is shown. */
export interface CitationSource {
  url?: string | null;
  organization?: string | null;
}

const NO_URL = new Set(['', 'n/a']);
const USER_ORGANIZATION = /user|custom|regenerated/i;

/**
 * docs/product-spec.md §4: a citation shows 'User defined' instead of a link when its url is empty or 'N/A', or when its
 * organization contains 'user', 'custom' or 'regenerated'.
 */
export function isUserDefinedCitation(citation: CitationSource): boolean {
  const url = (citation.url ?? '').trim().toLowerCase();
  return NO_URL.has(url) || USER_ORGANIZATION.test(citation.organization ?? '');
}
