import type { DescMessage } from '@bufbuild/protobuf';
import { UserDeletedSchema, UserSignedOutSchema } from './gen/cairn/accounts/v1/events_pb.js';
import {
  ProtocolApprovedSchema,
  ProtocolDeletedSchema,
  ProtocolPublishedSchema,
  ProtocolRegeneratedSchema,
  ProtocolRegenerationRequestedSchema,
  ProtocolUnpublishedSchema,
  ProtocolUpdatedSchema,
} from './gen/cairn/protocols/v1/events_pb.js';
import { SearchAnsweredSchema, SearchRequestedSchema } from './gen/cairn/search/v1/search_pb.js';
import {
  UploadExtractedSchema,
  UploadGeneratedSchema,
  UploadRegenerationRequestedSchema,
} from './gen/cairn/uploads/v1/events_pb.js';

/** An event name (= Kafka topic) bound to the protobuf message its payload carries. */
export interface Topic<Desc extends DescMessage = DescMessage> {
  readonly name: string;
  readonly schema: Desc;
}

const topic = <Desc extends DescMessage>(name: string, schema: Desc): Topic<Desc> =>
  Object.freeze({ name, schema });

export const Topics = {
  uploadExtracted: topic('upload.extracted', UploadExtractedSchema),
  uploadGenerated: topic('upload.generated', UploadGeneratedSchema),
  uploadRegenerationRequested: topic('upload.regeneration-requested', UploadRegenerationRequestedSchema),
  protocolRegenerationRequested: topic('protocol.regeneration-requested', ProtocolRegenerationRequestedSchema),
  protocolRegenerated: topic('protocol.regenerated', ProtocolRegeneratedSchema),
  protocolApproved: topic('protocol.approved', ProtocolApprovedSchema),
  protocolUpdated: topic('protocol.updated', ProtocolUpdatedSchema),
  protocolDeleted: topic('protocol.deleted', ProtocolDeletedSchema),
  protocolPublished: topic('protocol.published', ProtocolPublishedSchema),
  protocolUnpublished: topic('protocol.unpublished', ProtocolUnpublishedSchema),
  userDeleted: topic('user.deleted', UserDeletedSchema),
  userSignedOut: topic('user.signed-out', UserSignedOutSchema),
  searchRequested: topic('search.requested', SearchRequestedSchema),
  searchAnswered: topic('search.answered', SearchAnsweredSchema),
} as const;

export const allTopics: readonly Topic[] = Object.values(Topics);
