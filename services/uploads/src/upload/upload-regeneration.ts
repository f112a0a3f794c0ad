import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { conflict, type AuthenticatedUser, type DocumentWrite } from '@cairn/platform';
import { UploadMessages } from '@cairn/rules';
import { ApprovalTrail } from '../approval-trail/approval-trail.js';
import { ownJob } from '../jobs/own-job.js';
import { UploadJobsRepository } from '../jobs/upload-jobs.repository.js';
import { UploadWorker } from '../jobs/upload-worker.js';
import { UploadLifecycle } from '../lifecycle/upload-lifecycle.js';
import { UserProtocolsRepository } from '../library/user-protocols.repository.js';
import { customPrompt, readForm } from './uploads.service.js';

/** Regenerate with instructions: an upload's protocols awaiting approval are generated again, and the trail records it. */
@Injectable()
export class UploadRegeneration {
  constructor(
    private readonly jobs: UploadJobsRepository,
    private readonly protocols: UserProtocolsRepository,
    private readonly lifecycle: UploadLifecycle,
    private readonly worker: UploadWorker,
    private readonly trail: ApprovalTrail,
  ) {}

  async regenerate(user: AuthenticatedUser, uploadId: string, request: IncomingMessage, jsonBody?: unknown) {
    const job = await ownJob(this.jobs, user.uid, uploadId);
    const form = await readForm(request, null, jsonBody);
    if (job.status !== 'awaiting_approval') {
      throw conflict('not_awaiting_approval', job.status === 'completed' ? 'These protocols are already in your index: regenerate them one by one there.' : 'Only generated protocols awaiting approval can be regenerated.');
    }
    if (!(await this.jobs.startRunning(user.uid, uploadId))) throw conflict('upload_in_progress', UploadMessages.uploadInProgress);
    await this.protocols.deletePreviews(uploadId);
    const regenerating = await this.lifecycle.startProcessing(job, {
      stage: 'generating', progress: 80, error: null, requestId: randomUUID(), generationKind: 'regeneration',
      customPrompt: customPrompt(form) || job.customPrompt,
    }, this.trailOf(user, job.filename, uploadId));
    await this.worker.regenerate(regenerating!);
    return { success: true, message: 'Regeneration started', upload_id: uploadId, status: 'processing' };
  }

  private trailOf(user: AuthenticatedUser, filename: string, uploadId: string): DocumentWrite[] {
    const fact = { action: 'regeneration' as const, protocolId: '', protocolTitle: '', sourceFile: filename, sourceChecksum: '', detail: `Protocols of upload ${uploadId} awaiting approval` };
    return this.trail.recording(user, [fact]);
  }
}
