import { Inject, Injectable } from '@nestjs/common';
import { userBlobs } from '@cairn/contracts';
import { BLOB_STORE, type BlobStore } from '@cairn/platform';
import { ApprovalTrail } from '../approval-trail/approval-trail.js';
import { JobRuns } from '../jobs/job-runs.js';
import { UploadJobsRepository } from '../jobs/upload-jobs.repository.js';
import { UserProtocolsRepository } from '../library/user-protocols.repository.js';

/**
 * A deleted account's uploads, protocols and blobs go with it, and so does the approval trail's
 * directory entry naming them: the trail keeps its facts under the account's pseudonym. The
 * organisation's library copies they published stay.
 */
@Injectable()
export class AccountErasure {
  constructor(
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly jobs: UploadJobsRepository,
    private readonly protocols: UserProtocolsRepository,
    private readonly runs: JobRuns,
    private readonly trail: ApprovalTrail,
  ) {}

  async erase(userId: string): Promise<void> {
    for (const job of await this.jobs.ofUser(userId)) this.runs.stop(job.id);
    await this.jobs.deleteAllOf(userId);
    await this.protocols.deleteAllOf(userId);
    await this.blobs.deletePrefix(userBlobs(userId).prefix);
    await this.trail.erase(userId);
  }
}
