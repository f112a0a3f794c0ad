import type { ProtocolCitation } from './protocol';

/** 'WHO · 2012 · Global', leaving out what is unknown. */
export const citationDetails = (citation: Pick<ProtocolCitation, 'organization' | 'year' | 'region'>): string =>
  [citation.organization, citation.year, citation.region].filter((part) => part !== null && String(part).trim() !== '').join(' · ');
