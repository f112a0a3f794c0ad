import type { MessageInitShape } from '@bufbuild/protobuf';
import type { ChecklistStep, GeneratedProtocolData, GeneratedUploadProtocol, ProtocolDocumentSchema } from '@cairn/contracts';
import { protocolSourcePath, PUBLIC_API_PATH, withSourcePage } from '@cairn/rules';

/** A protocol generated from an upload: a preview until approved, then part of the user's index. */
export interface UserProtocol extends Omit<GeneratedUploadProtocol, 'source_ref'> {
  id: string;
  userId: string;
  protocolId: string;
  uploadId: string;
  state: 'preview' | 'indexed';
  protocol_data: GeneratedProtocolData;
  /** Blob key of the part of the document the protocol was generated from (for regeneration). */
  sourceRef: string;
  /** Whether the original PDF was kept beside the approved protocol (protocols approved before it was are without). */
  sourceFileKept?: boolean;
  /** SHA-256 (hex) of the original file's bytes, taken at approval (protocols approved before it was are without). */
  sourceChecksum?: string;
  regenerating: boolean;
  created_at: string;
  updated_at: string;
}

/** The URL that opens the protocol's original PDF for its owner: a preview's from its upload, an approved one's from the copy kept beside it (none for protocols approved before copies were kept). */
export const sourceFileUrl = (protocol: Pick<UserProtocol, 'userId' | 'protocolId' | 'state' | 'sourceFileKept'>) =>
  protocol.state === 'preview' || protocol.sourceFileKept ? `${PUBLIC_API_PATH}${protocolSourcePath(protocol.userId, protocol.protocolId)}` : '';

/** The protocol's citations, each opening the original PDF at the page it quotes. */
export function withSourceUrls(protocol: UserProtocol): GeneratedProtocolData['citations'] {
  const url = sourceFileUrl(protocol);
  if (!url) return protocol.protocol_data.citations;
  return protocol.protocol_data.citations.map((citation) => ({ ...citation, url: withSourcePage(url, citation.page) }));
}

/** docs/product-spec.md §3 "Uploaded (indexed) protocol", with `steps` and `step_details` beside the checklist. */
export function toUploadedProtocol(protocol: UserProtocol) {
  const checklist = protocol.protocol_data.checklist;
  return {
    id: protocol.protocolId,
    title: protocol.title,
    name: protocol.title,
    created_at: protocol.created_at,
    updated_at: protocol.updated_at,
    upload_id: protocol.uploadId,
    source_file: protocol.source_file,
    organization: protocol.organization,
    region: protocol.region,
    year: protocol.year,
    intent: protocol.intent,
    status: protocol.state === 'indexed' ? 'indexed' : 'preview',
    regenerating: protocol.regenerating,
    steps_count: checklist.length,
    citations_count: protocol.protocol_data.citations.length,
    protocol_data: {
      ...protocol.protocol_data,
      citations: withSourceUrls(protocol),
      title: protocol.title,
      steps: checklist.map((step) => step.text),
      step_details: checklist,
    },
  };
}

/** The page a step's cited source starts on (0 when unknown). */
function stepPage(data: GeneratedProtocolData, step: ChecklistStep): number {
  return data.citations.find((citation) => citation.id === step.citation)?.page ?? 0;
}

/** A protocol's steps as the sections search indexes, each with the page its citation starts on. */
/**
 * What of a step's explanation search indexes: all of it, or of one that only names where the step came
 * from ('User upload guidance: guide.pdf, page 3 (Hyperkalaemia)') the section heading alone.
 */
function searchableExplanation(data: GeneratedProtocolData, explanation: string): string {
  if (!explanation.startsWith(`${data.organization} guidance: `)) return explanation;
  const heading = /\(([^()]*)\)\s*$/.exec(explanation)?.[1] ?? '';
  return /\p{L}\p{M}*\p{L}/u.test(heading) ? heading : '';
}

export const stepSections = (title: string, data: GeneratedProtocolData) =>
  data.checklist.map((step) => ({
    heading: title,
    body: [step.text, searchableExplanation(data, step.explanation)].filter(Boolean).join(' '),
    page: stepPage(data, step),
  }));

/**
 * The protocol as search indexes it (`protocol.approved` / `protocol.updated`): its steps, and a
 * claim check on the document text they came from, which search indexes beside them.
 */
export function toProtocolDocument(protocol: UserProtocol): MessageInitShape<typeof ProtocolDocumentSchema> {
  return {
    protocolId: protocol.protocolId,
    ownerId: protocol.userId,
    title: protocol.title,
    organization: protocol.organization,
    region: protocol.region,
    year: protocol.year,
    disease: protocol.title,
    sourceFile: protocol.source_file,
    sourceUrl: sourceFileUrl(protocol),
    sections: stepSections(protocol.title, protocol.protocol_data),
    documentTextRef: protocol.sourceRef,
  };
}
