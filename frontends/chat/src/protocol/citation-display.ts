import { isUserDefinedCitation } from '@cairn/frontend-shared';
import type { ProtocolCitation } from './protocol';

export type CitationSourceLink = { kind: 'user-defined' } | { kind: 'link'; url: string };

/** Spec §4: 'View Source' (in a new tab) for a published source, 'User defined' for the user's own. */
export const citationSourceLink = (citation: Pick<ProtocolCitation, 'url' | 'organization'>): CitationSourceLink =>
  isUserDefinedCitation(citation) ? { kind: 'user-defined' } : { kind: 'link', url: citation.url };

/** 'WHO · 2012 · Global', leaving out what is unknown. */
export const citationDetails = (citation: Pick<ProtocolCitation, 'organization' | 'year' | 'region'>): string =>
  [citation.organization, citation.year, citation.region].filter((part) => part !== null && String(part).trim() !== '').join(' · ');
