import type { MessageInitShape } from '@bufbuild/protobuf';
import type { GeneratedProtocolData, GeneratedUploadProtocol, ProtocolDocumentSchema } from '@cairn/contracts';

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
  regenerating: boolean;
  created_at: string;
  updated_at: string;
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
