import { Inject, Injectable } from '@nestjs/common';
import { protocolBlobs } from '@cairn/contracts';
import { BLOB_STORE, conflict, notFound, type BlobStore } from '@cairn/platform';
import { blobChecksum } from '../approval-trail/source-checksum.js';
import { ownJob } from '../jobs/own-job.js';
import { UploadJobsRepository } from '../jobs/upload-jobs.repository.js';
import type { UserProtocol } from '../library/user-protocol.js';
import { UserProtocolsRepository } from '../library/user-protocols.repository.js';

/** `POST /library`: one protocol of the user's index, or every protocol of one of their approved uploads. */
export type PublishRequest = { protocolId: string } | { uploadId: string };

/** The user's approved protocols a publish request names, each with the checksum of its source file. */
@Injectable()
export class PublishableProtocols {
  constructor(
    private readonly protocols: UserProtocolsRepository,
    private readonly jobs: UploadJobsRepository,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  async of(userId: string, request: PublishRequest): Promise<UserProtocol[]> {
    const protocols = 'protocolId' in request ? [await this.protocol(userId, request.protocolId)] : await this.ofUpload(userId, request.uploadId);
    return Promise.all(protocols.map((protocol) => this.withChecksum(protocol)));
  }

  private async protocol(userId: string, protocolId: string): Promise<UserProtocol> {
    const protocol = await this.protocols.get(userId, protocolId);
    if (protocol?.state !== 'indexed') throw notFound('Protocol not found');
    return protocol;
  }

  private async ofUpload(userId: string, uploadId: string): Promise<UserProtocol[]> {
    const job = await ownJob(this.jobs, userId, uploadId);
    if (job.status !== 'completed') throw conflict('not_approved', 'Only the protocols of an approved upload can be published.');
    return this.protocols.indexedFrom(uploadId);
  }

  /** Protocols approved before checksums were taken get theirs now, once. */
  private async withChecksum(protocol: UserProtocol): Promise<UserProtocol> {
    if (protocol.sourceChecksum !== undefined || !protocol.sourceFileKept) return protocol;
    const sourceChecksum = await blobChecksum(this.blobs, protocolBlobs(protocol.userId, protocol.protocolId).file);
    await this.protocols.setChecksum(protocol, sourceChecksum);
    return { ...protocol, sourceChecksum };
  }
}
