import type { UploadJobsRepository } from './upload-jobs.repository.js';
import type { UploadJob } from './upload-job.js';

const REPORT_EVERY_MS = 500;

/**
 * One worker's hold on a job: writes its progress (at most every half second, which is also its
 * heartbeat) and learns when it must stop: the job was cancelled, or another worker took it over.
 */
export class JobRun {
  private lastWrite = 0;
  private stopped = false;

  constructor(
    private readonly jobs: UploadJobsRepository,
    readonly uploadId: string,
    readonly epoch: number,
  ) {}

  get shouldStop(): boolean {
    return this.stopped;
  }

  stop(): void {
    this.stopped = true;
  }

  /** Saves `patch` (now when `force`, else when the last write is old enough) and checks the job is still ours. */
  async report(patch: Partial<UploadJob>, force = false): Promise<void> {
    const now = Date.now();
    if (!force && now - this.lastWrite < REPORT_EVERY_MS) return;
    this.lastWrite = now;
    const current = await this.jobs.byId(this.uploadId);
    if (!current || current.epoch !== this.epoch || current.status === 'cancelled') {
      this.stopped = true;
      return;
    }
    await this.jobs.update(this.uploadId, { ...patch, heartbeatAt: new Date(now).toISOString() });
  }
}
