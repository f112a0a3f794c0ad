import { Module } from '@nestjs/common';
import { DocumentStores, Outbox, Outboxes } from '@cairn/platform';
import { ApprovalTrailController } from './approval-trail/approval-trail.controller.js';
import { ApprovalTrailRepository } from './approval-trail/approval-trail.repository.js';
import { ApprovalTrailRetention } from './approval-trail/approval-trail-retention.js';
import { ApprovalTrail } from './approval-trail/approval-trail.js';
import { TrailPeopleRepository } from './approval-trail/trail-people.repository.js';
import { TrailPseudonyms } from './approval-trail/trail-pseudonyms.js';
import { AccountErasure } from './events/account-erasure.js';
import { GenerationResultsConsumer } from './events/generation-results.consumer.js';
import { RegenerationResultsConsumer } from './events/regeneration-results.consumer.js';
import { UserDeletedConsumer } from './events/user-deleted.consumer.js';
import { HospitalLibraryController } from './hospital-library/hospital-library.controller.js';
import { HospitalLibraryService } from './hospital-library/hospital-library.service.js';
import { LibraryProtocolsRepository } from './hospital-library/library-protocols.repository.js';
import { LibraryPublisher } from './hospital-library/library-publisher.js';
import { PublishableProtocols } from './hospital-library/publishable-protocols.js';
import { JobRuns } from './jobs/job-runs.js';
import { UploadApproval } from './jobs/upload-approval.js';
import { UploadJobsRepository } from './jobs/upload-jobs.repository.js';
import { UploadWorker } from './jobs/upload-worker.js';
import { UploadLifecycle } from './lifecycle/upload-lifecycle.js';
import { UserProtocolsController } from './library/user-protocols.controller.js';
import { UserProtocolsRepository } from './library/user-protocols.repository.js';
import { UserProtocolsService } from './library/user-protocols.service.js';
import { ProtocolSourcesController } from './sources/protocol-sources.controller.js';
import { ProtocolSourcesService } from './sources/protocol-sources.service.js';
import { MultipartParser } from './upload/multipart-parser.js';
import { UploadRegeneration } from './upload/upload-regeneration.js';
import { UploadsController } from './upload/uploads.controller.js';
import { UploadsService } from './upload/uploads.service.js';
import { loadUploadsConfig, UPLOADS_CONFIG } from './uploads-config.js';
import { UPLOADS_STORE } from './uploads.tokens.js';

@Module({
  controllers: [UploadsController, UserProtocolsController, ProtocolSourcesController, ApprovalTrailController, HospitalLibraryController],
  providers: [
    { provide: UPLOADS_CONFIG, useFactory: () => loadUploadsConfig() },
    { provide: UPLOADS_STORE, useFactory: (stores: DocumentStores) => stores.get('uploads'), inject: [DocumentStores] },
    { provide: Outbox, useFactory: (outboxes: Outboxes) => outboxes.get('uploads'), inject: [Outboxes] },
    MultipartParser,
    UploadJobsRepository,
    UserProtocolsRepository,
    LibraryProtocolsRepository,
    ApprovalTrailRepository,
    TrailPeopleRepository,
    TrailPseudonyms,
    ApprovalTrail,
    ApprovalTrailRetention,
    JobRuns,
    UploadLifecycle,
    UploadApproval,
    UploadWorker,
    UploadsService,
    UploadRegeneration,
    UserProtocolsService,
    ProtocolSourcesService,
    PublishableProtocols,
    LibraryPublisher,
    HospitalLibraryService,
    GenerationResultsConsumer,
    RegenerationResultsConsumer,
    AccountErasure,
    UserDeletedConsumer,
  ],
})
export class UploadsModule {}
