import { readUploadedSource } from '@cairn/frontend-shared';
import type { ProtocolCitation } from './protocol';

/** 'WHO · 2012 · Global', leaving out what is unknown. */
export const citationDetails = (citation: Pick<ProtocolCitation, 'organization' | 'year' | 'region'>): string =>
  [citation.organization, citation.year, citation.region].filter((part) => part !== null && String(part).trim() !== '').join(' · ');

/** The uploaded file a citation was read from, with the page its link opens ('guide.pdf, page 3'); null for a public source. */
export function citationFile(citation: Pick<ProtocolCitation, 'sourceFile' | 'url'>): string | null {
  if (!citation.sourceFile) return null;
  const uploaded = readUploadedSource(citation.url);
  return uploaded ? `${citation.sourceFile}, page ${uploaded.page}` : citation.sourceFile;
}
