import { citationSourceLink, type CitationSourceLink } from '@cairn/frontend-shared';
import type { UploadedProtocol } from './uploads.resource';

export type SummaryCitation = UploadedProtocol['protocol_data']['citations'][number];
type SummaryStep = UploadedProtocol['protocol_data']['step_details'][number];

/** How a summary shows a source: as the chat does, except that a preview whose upload kept no file to open says so. */
export type SummarySource = CitationSourceLink | { kind: 'after-approval' };

export function summarySource(citation: Pick<SummaryCitation, 'url' | 'organization'>, uid: string | null, awaitingApproval: boolean): SummarySource {
  const link = citationSourceLink(citation, uid);
  return awaitingApproval && link.kind === 'user-defined' ? { kind: 'after-approval' } : link;
}

/** The citation a step cites when it opens in the app (the signed-in user's own uploaded PDF); null otherwise. */
export function stepSource(step: Pick<SummaryStep, 'citation' | 'citations'>, citations: SummaryCitation[], uid: string | null): SummaryCitation | null {
  const cited = [step.citation, ...(step.citations ?? [])].map((id) => citations.find((citation) => citation.id === id));
  return cited.find((citation) => citation && citationSourceLink(citation, uid).kind === 'uploaded') ?? null;
}
