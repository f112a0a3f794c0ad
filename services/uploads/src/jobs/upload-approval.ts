import { Inject, Injectable } from '@nestjs/common';
import { protocolBlobs, Topics, type ProtocolCandidate } from '@cairn/contracts';
import { BLOB_STORE, crashPoint, Outbox, type AuthenticatedUser, type BlobStore } from '@cairn/platform';
import { ApprovalTrail } from '../approval-trail/approval-trail.js';
import { protocolFact } from '../approval-trail/protocol-fact.js';
import { blobChecksum, checksumming } from '../approval-trail/source-checksum.js';
import { UploadLifecycle } from '../lifecycle/upload-lifecycle.js';
import { toProtocolDocument } from '../library/user-protocol.js';
import { UserProtocolsRepository } from '../library/user-protocols.repository.js';
import type { UploadJob } from './upload-job.js';

interface KeptFile {
  kept: boolean;
  /** SHA-256 (hex) of the kept file; empty when none was kept. */
  checksum: string;
}

/**
 * Moves an upload's previews into the user's protocol index. Each protocol leaves the preview in
 * the same commit that records its `protocol.approved` (under an id fixed by upload and protocol)
 * and its approval trail entry, so a run cut short and run again announces the rest and never
 * indexes or records one twice.
 */
@Injectable()
export class UploadApproval {
  constructor(
    private readonly lifecycle: UploadLifecycle,
    private readonly protocols: UserProtocolsRepository,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly outbox: Outbox,
    private readonly trail: ApprovalTrail,
  ) {}

  /** `approver` is the signed-in user who asked, when there is one (a resumed approval has none: it recorded them when asked). */
  async complete(job: UploadJob, approver?: AuthenticatedUser): Promise<number> {
    const approvedAt = new Date().toISOString();
    const actor = { key: this.trail.keyOf(job.userId), organisationId: job.approverOrganisationId ?? '' };
    if (approver) await this.outbox.commit(...this.trail.person(approver));
    for (const preview of await this.protocols.previews(job.id)) {
      const source = await this.blobs.get(preview.sourceRef);
      const sourceRef = protocolBlobs(job.userId, preview.protocolId).source;
      if (source) await this.blobs.put(sourceRef, source);
      const file = source ? await this.keepFile(job.userId, preview.protocolId, source) : { kept: false, checksum: '' };
      const indexed = { ...preview, state: 'indexed' as const, sourceRef, sourceFileKept: file.kept, sourceChecksum: file.checksum, created_at: approvedAt, updated_at: approvedAt };
      await this.outbox.commit(
        this.protocols.putting(indexed),
        this.outbox.event(Topics.protocolApproved, { protocol: toProtocolDocument(indexed) }, { id: `${job.id}:${preview.protocolId}:approved`, key: job.userId }),
        ...this.trail.appending(actor, [protocolFact(indexed, 'approve')], approvedAt),
      );
      crashPoint('uploads.approving');
    }
    const indexed = await this.protocols.countIndexedFrom(job.id);
    await this.lifecycle.finish(job, { kind: 'approved', protocolsIndexed: indexed });
    return indexed;
  }

  /** Copies the PDF the protocol came from beside it, so its owner can open the source, and takes its checksum on the way. */
  private async keepFile(userId: string, protocolId: string, source: Buffer): Promise<KeptFile> {
    const { fileRef } = JSON.parse(source.toString('utf8')) as ProtocolCandidate;
    const file = fileRef ? await this.blobs.stream(fileRef) : null;
    const key = protocolBlobs(userId, protocolId).file;
    if (file) {
      const hashed = checksumming(file);
      await this.blobs.put(key, hashed.stream);
      return { kept: true, checksum: hashed.hex() };
    }
    // A run cut short after copying: the upload's file is gone, the copy is not.
    const checksum = await blobChecksum(this.blobs, key);
    return { kept: checksum !== '', checksum };
  }
}
