import { Inject, Injectable } from '@nestjs/common';
import { uploadBlobs } from '@cairn/contracts';
import { BLOB_STORE, type BlobStore, type DocumentWrite } from '@cairn/platform';
import type { FileReport } from '../extraction/document-extractor.js';
import type { JobRun } from '../jobs/job-run.js';
import { JobRuns } from '../jobs/job-runs.js';
import type { UploadJob, UploadStatus } from '../jobs/upload-job.js';
import { UploadJobsRepository } from '../jobs/upload-jobs.repository.js';
import { assertTransition } from './upload-transitions.js';

/** How a job's running work ends. */
export type UploadOutcome =
  | { kind: 'generated'; protocolsExtracted: number }
  | { kind: 'approved'; protocolsIndexed: number }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: string; files?: FileReport[] }
  | { kind: 'generation-failed'; error: string }
  | { kind: 'discarded' };

export interface Ending {
  /** The status the job ends in; null when the job is removed. */
  status: UploadStatus | null;
  /** The upload's working files are deleted. */
  deletesFiles: boolean;
  /** Work on the job may still run elsewhere (a worker on another replica, generation): it must hear of the end first. */
  stopsOtherWork: boolean;
}

export const ENDINGS: Readonly<Record<UploadOutcome['kind'], Ending>> = {
  generated: { status: 'awaiting_approval', deletesFiles: false, stopsOtherWork: false },
  approved: { status: 'completed', deletesFiles: true, stopsOtherWork: false },
  cancelled: { status: 'cancelled', deletesFiles: true, stopsOtherWork: true },
  failed: { status: 'error', deletesFiles: true, stopsOtherWork: false },
  /** The extracted text stays until the upload is cleared or its owner's account deleted. */
  'generation-failed': { status: 'error', deletesFiles: false, stopsOtherWork: false },
  discarded: { status: null, deletesFiles: true, stopsOtherWork: true },
};

const details = (outcome: UploadOutcome): Partial<UploadJob> => {
  switch (outcome.kind) {
    case 'generated':
      return { progress: 100, protocolsExtracted: outcome.protocolsExtracted };
    case 'approved':
      return { progress: 100, protocolsIndexed: outcome.protocolsIndexed };
    case 'cancelled':
      return { error: null };
    case 'failed':
      return { error: outcome.error, ...(outcome.files && { files: outcome.files }) };
    case 'generation-failed':
      return { error: outcome.error };
    case 'discarded':
      return {};
  }
};

/**
 * The life of an upload job: every status it takes goes through here, checked against
 * UPLOAD_TRANSITIONS, and so does the end of its work (stopping it, freeing the user for another
 * upload, deleting the upload's files).
 */
@Injectable()
export class UploadLifecycle {
  constructor(
    private readonly jobs: UploadJobsRepository,
    private readonly runs: JobRuns,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  /** A new job, receiving its file. */
  async open(userId: string, uploadId: string): Promise<UploadJob> {
    const now = new Date().toISOString();
    const job: UploadJob = {
      id: uploadId, userId, filename: 'upload', fileType: 'pdf', size: 0, customPrompt: '', status: 'uploading', stage: 'receiving',
      progress: 0, protocolsExtracted: null, protocolsIndexed: null, error: null, files: [], requestId: null, generationKind: 'initial',
      epoch: 0, heartbeatAt: now, createdAt: now, updatedAt: now,
    };
    await this.jobs.insert(job);
    return job;
  }

  /** The job's file was received, or its protocols are to be generated again: it runs (again), in one commit with `alongside`. */
  async startProcessing(job: UploadJob, patch: Partial<Omit<UploadJob, 'id' | 'status'>>, alongside: DocumentWrite[] = []): Promise<UploadJob | null> {
    assertTransition(job.status, 'processing');
    return this.jobs.updateWith(job.id, { ...patch, status: 'processing' }, alongside);
  }

  /**
   * Ends the job's running work with `outcome`. With `run`, the worker's hold decides whether the
   * job is still its own: false when another worker or a cancel took it, and nothing is done.
   */
  async finish(job: UploadJob, outcome: UploadOutcome, run?: JobRun): Promise<boolean> {
    const ending = ENDINGS[outcome.kind];
    if (ending.status) assertTransition(job.status, ending.status);
    if (ending.stopsOtherWork || run) {
      // Said first: work elsewhere stops before the files go, and a worker deletes only files of a job still its own.
      if (!(await this.record(job, outcome, run))) return false;
      this.runs.stop(job.id);
      await this.jobs.stopRunning(job.userId, job.id);
      await this.deleteFiles(job, ending);
    } else {
      // Files first: a clean-up cut short leaves the job unfinished, and the sweeper ends it again.
      this.runs.stop(job.id);
      await this.deleteFiles(job, ending);
      await this.record(job, outcome);
      await this.jobs.stopRunning(job.userId, job.id);
    }
    return true;
  }

  /** Deletes what was written under the upload's prefix after its work stopped (a stopped worker, a late answer). */
  async deleteLateFiles(job: Pick<UploadJob, 'id' | 'userId'>): Promise<void> {
    await this.blobs.deletePrefix(uploadBlobs(job.userId, job.id).prefix);
  }

  private async record(job: UploadJob, outcome: UploadOutcome, run?: JobRun): Promise<boolean> {
    const { status } = ENDINGS[outcome.kind];
    if (!status) {
      await this.jobs.delete(job.id);
      return true;
    }
    const patch = { ...details(outcome), status, stage: 'done' as const };
    if (!run) {
      await this.jobs.update(job.id, patch);
      return true;
    }
    await run.report(patch, true);
    return !run.shouldStop;
  }

  private async deleteFiles(job: UploadJob, ending: Ending): Promise<void> {
    if (ending.deletesFiles) await this.blobs.deletePrefix(uploadBlobs(job.userId, job.id).prefix);
  }
}
