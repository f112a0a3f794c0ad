import { isUserDefinedCitation, readUploadedSource, type UploadedSourceLink } from '@cairn/rules';

export type CitationSourceLink = { kind: 'user-defined' } | { kind: 'link'; url: string } | { kind: 'uploaded'; link: UploadedSourceLink };

/**
 * docs/product-spec.md §4: 'View Source' (in a new tab) for a published source, 'User defined' for the user's own.
 * A file the signed-in user uploaded opens inside the app at the cited page instead; another
 * user's file is theirs alone, so it stays 'User defined'.
 */
export function citationSourceLink(citation: { url: string; organization: string }, uid: string | null = null): CitationSourceLink {
  const uploaded = readUploadedSource(citation.url);
  if (uploaded) return uid !== null && uploaded.userId === uid ? { kind: 'uploaded', link: uploaded } : { kind: 'user-defined' };
  return isUserDefinedCitation(citation) ? { kind: 'user-defined' } : { kind: 'link', url: citation.url };
}
