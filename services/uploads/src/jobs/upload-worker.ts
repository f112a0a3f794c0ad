import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Topics, uploadBlobs, type ExtractedDocumentRef } from '@cairn/contracts';
import { ZipRejectedError } from '@cairn/documents';
import { BLOB_STORE, crashPoint, Outbox, PLATFORM_CONFIG, type BlobStore, type PlatformConfig } from '@cairn/platform';
import { extractUpload, ExtractionStopped, type FileReport } from '../extraction/document-extractor.js';
import { UploadLifecycle } from '../lifecycle/upload-lifecycle.js';
import { UPLOADS_CONFIG, zipLimits, type UploadsConfig } from '../uploads-config.js';
import { JobRun } from './job-run.js';
import { JobRuns } from './job-runs.js';
import type { UploadJob } from './upload-job.js';
import { UploadJobsRepository } from './upload-jobs.repository.js';
import { UploadApproval } from './upload-approval.js';

/** Share of the server-side progress that extraction takes; generation takes the rest. */
const EXTRACTION_PROGRESS = 80;

/**
 * Runs upload jobs in the background: extracts the text of every PDF, hands it to generation over
 * the bus (claim check), and resumes, after a crash or on another replica, every job whose worker
 * stopped reporting.
 */
@Injectable()
export class UploadWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('UploadWorker');
  private sweeper: NodeJS.Timeout | null = null;
  private readonly tempDir: string;

  constructor(
    private readonly jobs: UploadJobsRepository,
    private readonly runs: JobRuns,
    private readonly lifecycle: UploadLifecycle,
    private readonly approval: UploadApproval,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly outbox: Outbox,
    @Inject(UPLOADS_CONFIG) private readonly config: UploadsConfig,
    @Inject(PLATFORM_CONFIG) platform: PlatformConfig,
  ) {
    this.tempDir = join(platform.DATA_DIR, 'uploads-tmp');
  }

  temporaryPath(name: string): string {
    return join(this.tempDir, name);
  }

  async onApplicationBootstrap(): Promise<void> {
    await rm(this.tempDir, { recursive: true, force: true });
    await mkdir(this.tempDir, { recursive: true });
    await this.sweep();
    this.sweeper = setInterval(() => void this.sweep().catch((error) => this.logger.error(error)), Math.max(100, this.config.UPLOAD_JOB_LEASE_MS / 2));
    this.sweeper.unref();
  }

  onApplicationShutdown(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.runs.stopAll();
  }

  /** Asks generation again for a job's protocols (upload-regenerate). */
  async regenerate(job: UploadJob): Promise<void> {
    const epoch = await this.jobs.claim(job);
    if (epoch !== null) await this.requestGeneration(job, epoch);
  }

  /** Starts extraction of a freshly received upload in this process. */
  async start(job: UploadJob): Promise<void> {
    const epoch = await this.jobs.claim(job);
    if (epoch !== null) this.launch(job.id, epoch, () => this.extract(job, epoch));
  }

  private launch(uploadId: string, epoch: number, work: () => Promise<void>): void {
    this.runs.interrupt(uploadId);
    void work()
      .catch(async (error) => {
        this.logger.error({ err: error, uploadId }, 'upload job failed');
        const job = await this.jobs.byId(uploadId);
        if (job?.epoch === epoch && job.stage === 'extracting') await this.abandon(job, 'Processing failed. Please try again.');
      })
      .catch((error) => this.logger.error({ err: error, uploadId }, 'upload job could not be marked failed'))
      .finally(() => this.runs.ended(uploadId, epoch));
  }

  private async sweep(): Promise<void> {
    const now = new Date().toISOString();
    for (const uploadId of this.runs.awaited()) await this.jobs.update(uploadId, { heartbeatAt: now });
    const staleBefore = Date.now() - this.config.UPLOAD_JOB_LEASE_MS;
    for (const job of await this.jobs.unfinished()) {
      if (this.runs.busyWith(job.id) || Date.parse(job.heartbeatAt) > staleBefore) continue;
      const epoch = await this.jobs.claim(job);
      if (epoch === null) continue;
      this.logger.log({ uploadId: job.id, stage: job.stage }, 'resuming upload job');
      this.launch(job.id, epoch, () => this.resume(job, epoch));
    }
  }

  private async resume(job: UploadJob, epoch: number): Promise<void> {
    if (job.stage === 'receiving') return this.abandon(job, 'The upload was interrupted before the file was received. Please upload it again.');
    if (job.stage === 'extracting') return this.extract(job, epoch);
    if (job.stage === 'generating') return this.requestGeneration(job, epoch);
    if (job.stage === 'approving') await this.approval.complete(job);
  }

  private async abandon(job: UploadJob, error: string): Promise<void> {
    await rm(this.temporaryPath(job.id), { force: true });
    await this.lifecycle.finish(job, { kind: 'failed', error });
  }

  private async extract(job: UploadJob, epoch: number): Promise<void> {
    const run = new JobRun(this.jobs, job.id, epoch);
    this.runs.add(run);
    const blobs = uploadBlobs(job.userId, job.id);
    const path = this.temporaryPath(`${job.id}.${epoch}`);
    const original = await this.blobs.stream(blobs.original);
    if (!original) return this.abandon(job, 'The uploaded file was lost before it could be read. Please upload it again.');
    await pipeline(original, createWriteStream(path));
    const files: FileReport[] = [];
    const documents: ExtractedDocumentRef[] = [];
    try {
      await extractUpload(path, job.fileType, job.filename, {
        tempDir: this.tempDir,
        zipLimits: zipLimits(this.config),
        ocr: this.config.UPLOAD_OCR === 'on',
        shouldStop: () => run.shouldStop,
        onDocument: async (text, pdf) => {
          const index = documents.length;
          await this.blobs.put(blobs.file(index), pdf);
          await this.blobs.put(blobs.document(index), Buffer.from(JSON.stringify({ ...text, fileRef: blobs.file(index) })));
          documents.push({ index, sourceFile: text.sourceFile, textRef: blobs.document(index), pages: text.pages });
        },
        onFile: async (report, done, total) => {
          files.push(report);
          await run.report({ progress: Math.floor((EXTRACTION_PROGRESS * done) / Math.max(total, 1)), files });
          crashPoint('uploads.extracting');
        },
      });
    } catch (error) {
      if (error instanceof ExtractionStopped || run.shouldStop) return this.leftBehind(job);
      if (error instanceof ZipRejectedError) return this.fail(job, run, error.message, files);
      throw error;
    } finally {
      await rm(path, { force: true });
    }
    if (run.shouldStop) return this.leftBehind(job);
    if (documents.length === 0) {
      const reasons = files.map((file) => `${file.name}: ${file.error}`).join('; ');
      return this.fail(job, run, `No text could be read from ${job.filename}${reasons ? ` (${reasons})` : ''}.`, files);
    }
    await this.blobs.put(blobs.documents, Buffer.from(JSON.stringify(documents)));
    await run.report({ stage: 'generating', progress: EXTRACTION_PROGRESS, files, requestId: randomUUID() }, true);
    if (run.shouldStop) return;
    await this.blobs.delete(blobs.original);
    crashPoint('uploads.extracted');
    await this.requestGeneration((await this.jobs.byId(job.id))!, epoch);
  }

  /** After a stop: blobs written since a cancel or a cleared preview removed the upload's files are removed too. */
  private async leftBehind(job: UploadJob): Promise<void> {
    const current = await this.jobs.byId(job.id);
    if (!current || current.status === 'cancelled') await this.lifecycle.deleteLateFiles(job);
  }

  private async fail(job: UploadJob, run: JobRun, error: string, files: FileReport[]): Promise<void> {
    await this.lifecycle.finish(job, { kind: 'failed', error, files }, run);
  }

  /**
   * Asks generation for the job's protocols. Re-sent on resume under a new event id with the same
   * correlation id: generation answers once per correlation id, so a repeat never duplicates a protocol.
   */
  private async requestGeneration(job: UploadJob, epoch: number): Promise<void> {
    const run = new JobRun(this.jobs, job.id, epoch);
    await run.report({}, true);
    if (run.shouldStop || !job.requestId) return;
    const payload = { uploadId: job.id, userId: job.userId, filename: job.filename, customPrompt: job.customPrompt, documentsRef: uploadBlobs(job.userId, job.id).documents };
    const options = { correlationId: job.requestId, key: job.userId };
    this.runs.awaitAnswer(job.id);
    if (job.generationKind === 'regeneration') await this.outbox.publish(Topics.uploadRegenerationRequested, payload, options);
    else await this.outbox.publish(Topics.uploadExtracted, payload, options);
  }
}
