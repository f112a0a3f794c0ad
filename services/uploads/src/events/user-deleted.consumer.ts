import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { userBlobs } from '@cairn/contracts';
import { BLOB_STORE, EVENT_BUS, eraseOnUserDeleted, type BlobStore, type EventBus } from '@cairn/platform';
import { JobRuns } from '../jobs/job-runs.js';
import { UploadJobsRepository } from '../jobs/upload-jobs.repository.js';
import { UserProtocolsRepository } from '../library/user-protocols.repository.js';

/** A deleted account's uploads, protocols and blobs go with it. */
@Injectable()
export class UserDeletedConsumer implements OnModuleInit {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly jobs: UploadJobsRepository,
    private readonly protocols: UserProtocolsRepository,
    private readonly runs: JobRuns,
  ) {}

  onModuleInit(): Promise<void> {
    return eraseOnUserDeleted(this.bus, 'uploads', async (userId) => {
      for (const job of await this.jobs.ofUser(userId)) this.runs.stop(job.id);
      await this.jobs.deleteAllOf(userId);
      await this.protocols.deleteAllOf(userId);
      await this.blobs.deletePrefix(userBlobs(userId).prefix);
    });
  }
}
