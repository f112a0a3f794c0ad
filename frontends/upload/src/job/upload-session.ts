import { UploadMessages, browserTimers, checkUploadFile, type Timers } from '@cairn/frontend-shared';
import type { UploadRequest, UploadStatusBody } from '../shared/uploads.resource';
import { IDLE_JOB, applyStatus, isActive, type UploadJobView } from './upload-status';

/** docs/product-spec.md §9: the client polls upload status every 2 seconds; a completed upload clears after 3. */
export const STATUS_POLL_MS = 2_000;
export const COMPLETED_CLEAR_MS = 3_000;

export interface UploadCalls {
  upload(uid: string, file: File, instructions: string, onSent: (percent: number) => void): UploadRequest;
  status(uid: string, uploadId: string): Promise<UploadStatusBody>;
  cancel(uid: string, uploadId: string): Promise<unknown>;
}

/** What the user is told as an upload moves on (docs/product-spec.md §8 upload notices). */
export interface UploadNotices {
  ready(job: UploadJobView): void;
  noProtocols(): void;
  failed(error: string): void;
  statusCheckFailed(): void;
  cancelled(): void;
  completed(job: UploadJobView): void;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The one upload a user runs at a time: sends the file, polls its status, and cancels it. Every view
 * of the upload remote (overlay, preview, index) reads this one store.
 */
export class UploadSession {
  private job: UploadJobView = IDLE_JOB;
  private uid: string | null = null;
  private request: UploadRequest | null = null;
  private timer: unknown = null;
  private attempts = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly calls: UploadCalls,
    private readonly notices: UploadNotices,
    private readonly timers: Timers = browserTimers,
  ) {}

  readonly current = () => this.job;

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Starts an upload; returns the message to show when the file cannot go. Signed out, nothing happens. */
  start(uid: string | null, file: File, instructions: string): string | null {
    if (!uid) return null;
    if (isActive(this.job.phase)) return UploadMessages.uploadInProgress;
    const problem = checkUploadFile(file);
    if (problem) return problem;
    this.stopTimer();
    this.uid = uid;
    this.set({ ...IDLE_JOB, phase: 'uploading', filename: file.name });
    const attempt = ++this.attempts;
    const request = this.calls.upload(uid, file, instructions, (sent) => attempt === this.attempts && this.job.phase === 'uploading' && this.set({ ...this.job, sent }));
    this.request = request;
    request.promise.then(
      ({ uploadId, filename }) => {
        if (this.request !== request) return;
        this.request = null;
        this.set({ ...this.job, uploadId, filename: filename || this.job.filename, phase: 'processing', progress: 25, sent: 100 });
        this.schedulePoll();
      },
      (error: unknown) => {
        if (this.request !== request) return;
        this.request = null;
        if (isAbort(error)) return;
        this.set({ ...this.job, phase: 'error', error: messageOf(error) });
        this.notices.failed(messageOf(error));
      },
    );
    return null;
  }

  /** Cancel: the server's cancel once the upload has an id, else the request is aborted; cancelled either way. */
  async cancel(): Promise<void> {
    if (!isActive(this.job.phase)) return;
    const { uploadId } = this.job;
    const request = this.request;
    this.request = null;
    this.stopTimer();
    this.set({ ...this.job, phase: 'cancelled', progress: 0 });
    if (uploadId && this.uid) await this.calls.cancel(this.uid, uploadId).catch(() => undefined);
    else request?.abort();
    this.notices.cancelled();
  }

  /** The generated protocols were approved: the upload is complete. */
  approved(indexed: number): void {
    this.set({ ...this.job, phase: 'completed', progress: 100, indexed });
    this.notices.completed(this.job);
    this.clearLater();
  }

  /** A regeneration of the preview started: polling resumes until the new protocols are ready. */
  regenerating(uploadId: string): void {
    if (this.job.uploadId !== uploadId) return;
    this.set({ ...this.job, phase: 'processing', progress: displayAfterRegeneration });
    this.schedulePoll();
  }

  /** The preview was cleared, or the user signed out: nothing is shown any more. */
  reset(): void {
    this.request?.abort();
    this.request = null;
    this.stopTimer();
    this.set(IDLE_JOB);
  }

  private schedulePoll(): void {
    this.stopTimer();
    this.timer = this.timers.setTimeout(() => void this.poll(), STATUS_POLL_MS);
  }

  private async poll(): Promise<void> {
    const { uploadId } = this.job;
    const uid = this.uid;
    if (!uploadId || !uid || !isActive(this.job.phase)) return;
    let status: UploadStatusBody;
    try {
      status = await this.calls.status(uid, uploadId);
    } catch {
      if (this.job.uploadId !== uploadId || !isActive(this.job.phase)) return;
      this.set({ ...this.job, phase: 'error', error: 'Status check failed' });
      this.notices.statusCheckFailed();
      return;
    }
    if (this.job.uploadId !== uploadId || !isActive(this.job.phase)) return;
    this.set(applyStatus(this.job, status));
    this.afterStatus();
  }

  private afterStatus(): void {
    const job = this.job;
    if (isActive(job.phase)) return this.schedulePoll();
    if (job.phase === 'awaiting_approval') return (job.extracted ?? 0) > 0 ? this.notices.ready(job) : this.notices.noProtocols();
    if (job.phase === 'completed') {
      this.notices.completed(job);
      return this.clearLater();
    }
    if (job.phase === 'cancelled') return this.notices.cancelled();
    this.notices.failed(job.error ?? 'Processing failed');
  }

  private clearLater(): void {
    this.stopTimer();
    this.timer = this.timers.setTimeout(() => this.job.phase === 'completed' && this.set(IDLE_JOB), COMPLETED_CLEAR_MS);
  }

  private stopTimer(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private set(job: UploadJobView): void {
    this.job = job;
    this.listeners.forEach((listener) => listener());
  }
}

/** The server reports generation at 80 % (25 + 60 % of it on screen) while a preview is regenerated. */
const displayAfterRegeneration = 73;
