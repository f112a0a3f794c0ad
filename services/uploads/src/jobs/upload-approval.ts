import { Inject, Injectable } from '@nestjs/common';
import { protocolBlobs, Topics, type ProtocolCandidate } from '@cairn/contracts';
import { BLOB_STORE, crashPoint, Outbox, type BlobStore } from '@cairn/platform';
import { UploadLifecycle } from '../lifecycle/upload-lifecycle.js';
import { toProtocolDocument } from '../library/user-protocol.js';
import { UserProtocolsRepository } from '../library/user-protocols.repository.js';
import type { UploadJob } from './upload-job.js';

/**
 * Moves an upload's previews into the user's protocol index. Each protocol leaves the preview in
 * the same commit that records its `protocol.approved` (under an id fixed by upload and protocol),
 * so a run cut short and run again announces the rest and never indexes one twice.
 */
@Injectable()
export class UploadApproval {
  constructor(
    private readonly lifecycle: UploadLifecycle,
    private readonly protocols: UserProtocolsRepository,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly outbox: Outbox,
  ) {}

  async complete(job: UploadJob): Promise<number> {
    const approvedAt = new Date().toISOString();
    for (const preview of await this.protocols.previews(job.id)) {
      const source = await this.blobs.get(preview.sourceRef);
      const sourceRef = protocolBlobs(job.userId, preview.protocolId).source;
      if (source) await this.blobs.put(sourceRef, source);
      const sourceFileKept = source ? await this.keepFile(job.userId, preview.protocolId, source) : false;
      const indexed = { ...preview, state: 'indexed' as const, sourceRef, sourceFileKept, created_at: approvedAt, updated_at: approvedAt };
      await this.outbox.commit(
        this.protocols.putting(indexed),
        this.outbox.event(Topics.protocolApproved, { protocol: toProtocolDocument(indexed) }, { id: `${job.id}:${preview.protocolId}:approved`, key: job.userId }),
      );
      crashPoint('uploads.approving');
    }
    const indexed = await this.protocols.countIndexedFrom(job.id);
    await this.lifecycle.finish(job, { kind: 'approved', protocolsIndexed: indexed });
    return indexed;
  }

  /** Copies the PDF the protocol came from beside it, so its owner can open the source. */
  private async keepFile(userId: string, protocolId: string, source: Buffer): Promise<boolean> {
    const { fileRef } = JSON.parse(source.toString('utf8')) as ProtocolCandidate;
    const file = fileRef ? await this.blobs.stream(fileRef) : null;
    if (file) {
      await this.blobs.put(protocolBlobs(userId, protocolId).file, file);
      return true;
    }
    return (await this.blobs.stat(protocolBlobs(userId, protocolId).file)) !== null;
  }
}
