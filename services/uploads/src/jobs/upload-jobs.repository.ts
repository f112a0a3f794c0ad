import { Inject, Injectable } from '@nestjs/common';
import { DuplicateDocumentError, write, type Collection, type DocumentStore, type DocumentWrite } from '@cairn/platform';
import { UPLOADS_STORE } from '../uploads.tokens.js';
import { isRunning, type UploadJob } from './upload-job.js';

interface RunningUpload {
  id: string;
  uploadId: string;
}

interface Lease {
  id: string;
  uploadId: string;
}

@Injectable()
export class UploadJobsRepository {
  private readonly jobs: Collection<UploadJob>;
  private readonly running: Collection<RunningUpload>;
  private readonly leases: Collection<Lease>;

  constructor(@Inject(UPLOADS_STORE) private readonly store: DocumentStore) {
    this.jobs = store.collection<UploadJob>('upload_jobs', { indexes: [['userId', 'createdAt'], ['stage']] });
    this.running = store.collection<RunningUpload>('running_uploads');
    this.leases = store.collection<Lease>('upload_job_leases', { indexes: [['uploadId']] });
  }

  async get(userId: string, uploadId: string): Promise<UploadJob | null> {
    const job = await this.jobs.get(uploadId);
    return job?.userId === userId ? job : null;
  }

  byId(uploadId: string): Promise<UploadJob | null> {
    return this.jobs.get(uploadId);
  }

  insert(job: UploadJob): Promise<void> {
    return this.jobs.insert(job);
  }

  update(uploadId: string, patch: Partial<Omit<UploadJob, 'id'>>): Promise<UploadJob | null> {
    return this.jobs.update(uploadId, { ...patch, updatedAt: new Date().toISOString() });
  }

  /** Updates the job in the same commit as `alongside` (what records the change). */
  async updateWith(uploadId: string, patch: Partial<Omit<UploadJob, 'id'>>, alongside: DocumentWrite[]): Promise<UploadJob | null> {
    await this.store.commit([write.update(this.jobs, uploadId, { ...patch, updatedAt: new Date().toISOString() }), ...alongside]);
    return this.jobs.get(uploadId);
  }

  async delete(uploadId: string): Promise<void> {
    await this.jobs.delete(uploadId);
    await this.leases.deleteMany({ uploadId });
  }

  /** Jobs whose work is not finished: what a worker may have to resume. */
  unfinished(): Promise<UploadJob[]> {
    return Promise.all(['receiving', 'extracting', 'generating', 'approving'].map((stage) => this.jobs.find({ where: { stage: stage as UploadJob['stage'] } }))).then(
      (lists) => lists.flat(),
    );
  }

  ofUser(userId: string): Promise<UploadJob[]> {
    return this.jobs.find({ where: { userId } });
  }

  /**
   * Marks `uploadId` as the user's one running upload. False when another is running; a mark left
   * by a job that is no longer running is replaced.
   */
  async startRunning(userId: string, uploadId: string): Promise<boolean> {
    try {
      await this.running.insert({ id: userId, uploadId });
      return true;
    } catch (error) {
      if (!(error instanceof DuplicateDocumentError)) throw error;
    }
    const mark = await this.running.get(userId);
    const holder = mark ? await this.jobs.get(mark.uploadId) : null;
    if (holder && isRunning(holder)) return false;
    await this.running.delete(userId);
    return this.startRunning(userId, uploadId);
  }

  async stopRunning(userId: string, uploadId: string): Promise<void> {
    const mark = await this.running.get(userId);
    if (mark?.uploadId === uploadId) await this.running.delete(userId);
  }

  /**
   * Takes a job over for one worker: exactly one caller wins each epoch, so two workers never run
   * the same job. Returns the new epoch, or null when another worker took it first.
   */
  async claim(job: UploadJob): Promise<number | null> {
    const epoch = job.epoch + 1;
    try {
      await this.leases.insert({ id: `${job.id}:${epoch}`, uploadId: job.id });
    } catch (error) {
      if (error instanceof DuplicateDocumentError) return null;
      throw error;
    }
    await this.update(job.id, { epoch, heartbeatAt: new Date().toISOString() });
    return epoch;
  }

  async deleteAllOf(userId: string): Promise<void> {
    const jobs = await this.ofUser(userId);
    for (const job of jobs) await this.delete(job.id);
    await this.running.delete(userId);
  }
}
