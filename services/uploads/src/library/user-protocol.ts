import type { MessageInitShape } from '@bufbuild/protobuf';
import type { ProtocolDocumentSchema } from '@cairn/contracts';

/** A protocol generated from an upload: a preview until approved, then part of the user's index. */
export interface UserProtocol {
  id: string;
  userId: string;
  protocolId: string;
  uploadId: string;
  state: 'preview' | 'indexed';
  title: string;
  intent: string;
  source_file: string;
  organization: string;
  region: string;
  year: number;
  protocol_data: ProtocolData;
  /** Blob key of the sections the protocol was generated from (for regeneration). */
  sourceRef: string;
  regenerating: boolean;
  created_at: string;
  updated_at: string;
}

export interface ChecklistStep {
  step: number;
  text: string;
  explanation: string;
  citation: number;
  citations: number[];
}

export interface ProtocolData {
  title: string;
  intent: string;
  organization: string;
  region: string;
  year: number;
  lastUpdated: string;
  checklist: ChecklistStep[];
  citations: { id: number; source: string; organization: string; year: number | null; region: string; url: string; excerpt: string }[];
  [field: string]: unknown;
}

/** What generation hands back for one protocol (the JSON behind `upload.generated` / `protocol.regenerated`). */
export interface GeneratedProtocol {
  title: string;
  intent: string;
  source_file: string;
  organization: string;
  region: string;
  year: number;
  protocol_data: ProtocolData;
  source_ref: string;
}

/** Spec §3 "Uploaded (indexed) protocol", with `steps` and `step_details` beside the checklist. */
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
      title: protocol.title,
      steps: checklist.map((step) => step.text),
      step_details: checklist,
    },
  };
}

/** The protocol as search indexes it (`protocol.approved` / `protocol.updated`). */
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
    sourceUrl: '',
    sections: protocol.protocol_data.checklist.map((step) => ({ heading: protocol.title, body: [step.text, step.explanation].filter(Boolean).join(' ') })),
  };
}
