import type { MessageInitShape } from '@bufbuild/protobuf';
import { createHash } from 'node:crypto';
import type { GeneratedProtocolData, ProtocolDocumentSchema } from '@cairn/contracts';
import { stepSections } from '../library/user-protocol.js';

/**
 * A protocol of an organisation's hospital library: a copy of an editor's approved protocol, owned by
 * the organisation, which later changes to the editor's protocol leave as it is until it is replaced.
 */
export interface LibraryProtocol {
  id: string;
  organisationId: string;
  organisationName: string;
  /** The user's protocol it was published from, as `<publisher's actor key>/<protocol id>`: a copy per source, without naming the user. */
  sourceKey: string;
  sourceProtocolId: string;
  title: string;
  intent: string;
  organization: string;
  region: string;
  year: number;
  sourceFile: string;
  /** SHA-256 (hex) of the source file's bytes; empty when unknown. */
  sourceChecksum: string;
  protocol_data: GeneratedProtocolData;
  /** Blob key of the copy of the source text it is indexed from; empty when the source had none. */
  documentTextRef: string;
  publishedAt: string;
  /** Actor key of the editor who last published it. */
  publishedBy: string;
  updatedAt: string;
}

/** One copy per organisation and source protocol: publishing the source again replaces it under the same id. */
export const libraryProtocolId = (organisationId: string, sourceKey: string) =>
  `lib_${createHash('sha256').update(`${organisationId}\n${sourceKey}`).digest('hex').slice(0, 24)}`;

/** `GET /library`: one protocol, with the name of the editor who published it. */
export const toLibraryView = (protocol: LibraryProtocol, publishedBy: string) => ({
  id: protocol.id,
  title: protocol.title,
  sourceProtocolId: protocol.sourceProtocolId,
  sourceFile: protocol.sourceFile,
  sourceChecksum: protocol.sourceChecksum,
  publishedAt: protocol.publishedAt,
  publishedBy,
});

/** The library copy as search indexes it (`protocol.published`): owned by the organisation, its text by claim check. */
export function toLibraryDocument(protocol: LibraryProtocol): MessageInitShape<typeof ProtocolDocumentSchema> {
  return {
    protocolId: protocol.id,
    ownerId: protocol.organisationId,
    title: protocol.title,
    organization: protocol.organization,
    region: protocol.region,
    year: protocol.year,
    disease: protocol.title,
    sourceFile: protocol.sourceFile,
    sourceUrl: '',
    sections: stepSections(protocol.title, protocol.protocol_data),
    documentTextRef: protocol.documentTextRef,
  };
}
