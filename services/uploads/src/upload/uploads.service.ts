import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { uploadBlobs } from '@cairn/contracts';
import { inspectZip, sniffFileType, ZipRejectedError } from '@cairn/documents';
import { AppError, badRequest, BLOB_STORE, conflict, crashPoint, readPage, type AuthenticatedUser, type BlobStore } from '@cairn/platform';
import { fileTooLargeMessage, UPLOAD_MAX_BYTES, UploadMessages } from '@cairn/rules';
import { ownJob } from '../jobs/own-job.js';
import { UploadApproval } from '../jobs/upload-approval.js';
import { isRunning, toStatus, type UploadJob } from '../jobs/upload-job.js';
import { UploadJobsRepository } from '../jobs/upload-jobs.repository.js';
import { UploadWorker } from '../jobs/upload-worker.js';
import { UploadLifecycle } from '../lifecycle/upload-lifecycle.js';
import { toUploadedProtocol } from '../library/user-protocol.js';
import { UserProtocolsRepository } from '../library/user-protocols.repository.js';
import { UPLOADS_CONFIG, zipLimits, type UploadsConfig } from '../uploads-config.js';
import { FieldTooLongError, MAX_FIELD_CHARACTERS, receiveMultipart, UploadTooLargeError, type ReceivedForm } from './multipart-upload.js';


export const tooLarge = (bytes: number) => new AppError(413, 'payload_too_large', fileTooLargeMessage(bytes), 'file');

/**
 * Reads a multipart form, turning its limits into the spec's errors. Without a destination (the
 * regenerate routes), a JSON body's fields are taken as well.
 */
export async function readForm(request: IncomingMessage, destination: string | null, jsonBody?: unknown): Promise<ReceivedForm> {
  if (!/^multipart\/form-data/i.test(request.headers['content-type'] ?? '')) {
    if (destination) throw badRequest('invalid_input', 'Send the file as multipart/form-data in a field named "file".', 'file');
    const prompt = (jsonBody as { custom_prompt?: unknown } | undefined)?.custom_prompt;
    if (prompt !== undefined && typeof prompt !== 'string') throw badRequest('invalid_input', 'custom_prompt must be text', 'custom_prompt');
    if (typeof prompt === 'string' && prompt.length > MAX_FIELD_CHARACTERS) throw badRequest('invalid_input', `custom_prompt must be at most ${MAX_FIELD_CHARACTERS} characters`, 'custom_prompt');
    return { file: null, fields: typeof prompt === 'string' ? { custom_prompt: prompt } : {} };
  }
  try {
    return await receiveMultipart(request, destination, UPLOAD_MAX_BYTES);
  } catch (error) {
    if (error instanceof UploadTooLargeError) throw tooLarge(error.bytes);
    if (error instanceof FieldTooLongError) throw badRequest('invalid_input', `${error.field} must be at most ${MAX_FIELD_CHARACTERS} characters`, error.field);
    throw badRequest('invalid_input', 'The upload could not be read as a multipart form.');
  }
}

export const customPrompt = (form: ReceivedForm) => (form.fields.custom_prompt ?? '').trim();

/** docs/product-spec.md §7 "User data and uploads": receiving uploads and the life of an upload job. */
@Injectable()
export class UploadsService {
  constructor(
    private readonly jobs: UploadJobsRepository,
    private readonly protocols: UserProtocolsRepository,
    private readonly worker: UploadWorker,
    private readonly lifecycle: UploadLifecycle,
    private readonly approval: UploadApproval,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(UPLOADS_CONFIG) private readonly config: UploadsConfig,
  ) {}

  async upload(userId: string, request: IncomingMessage) {
    const uploadId = randomUUID();
    if (!(await this.jobs.startRunning(userId, uploadId))) throw conflict('upload_in_progress', UploadMessages.uploadInProgress);
    const job = await this.lifecycle.open(userId, uploadId);
    crashPoint('uploads.receiving');
    const path = this.worker.temporaryPath(uploadId);
    try {
      const form = await readForm(request, path);
      const file = form.file;
      if (!file) throw badRequest('invalid_input', 'No file was uploaded: send it in a field named "file".', 'file');
      if (file.size === 0) throw badRequest('invalid_input', 'The file is empty.', 'file');
      const fileType = sniffFileType(file.head);
      if (!fileType) throw badRequest('invalid_file_type', UploadMessages.wrongType, 'file');
      if (fileType === 'zip') await inspectZip(path, zipLimits(this.config)).catch((error: unknown) => {
        throw error instanceof ZipRejectedError ? badRequest('invalid_archive', error.message, 'file') : error;
      });
      await this.blobs.put(uploadBlobs(userId, uploadId).original, createReadStream(path));
      const received = await this.lifecycle.startProcessing(job, {
        filename: file.filename, fileType, size: file.size, customPrompt: customPrompt(form), stage: 'extracting',
      });
      await this.worker.start(received!);
      return { upload_id: uploadId, filename: file.filename, status: 'processing' };
    } catch (error) {
      await this.lifecycle.finish(job, { kind: 'discarded' });
      throw error;
    } finally {
      await rm(path, { force: true });
    }
  }

  private job(userId: string, uploadId: string): Promise<UploadJob> {
    return ownJob(this.jobs, userId, uploadId);
  }

  async status(userId: string, uploadId: string) {
    return toStatus(await this.job(userId, uploadId));
  }

  /** The upload's generated protocols from `offset`: all the rest, or the page of `size` with where the next starts. */
  async preview(userId: string, uploadId: string, { size, offset = 0 }: { size?: number; offset?: number } = {}) {
    const job = await this.job(userId, uploadId);
    const read = (from?: number, limit?: number) => this.protocols.previews(uploadId, limit, from);
    const rest = async () => ({ items: await read(offset), next_offset: null });
    const [page, total] = await Promise.all([size === undefined ? rest() : readPage(offset, size, read), this.protocols.countPreviews(uploadId)]);
    return { success: true, upload_id: uploadId, status: job.status, protocols: page.items.map(toUploadedProtocol), total, next_offset: page.next_offset };
  }

  /** Clear All: the upload and its previews go; protocols already approved stay in the index. */
  async deletePreview(userId: string, uploadId: string) {
    const job = await this.job(userId, uploadId);
    const removed = await this.protocols.deletePreviews(uploadId);
    await this.lifecycle.finish(job, { kind: 'discarded' });
    return { success: true, message: `Deleted ${removed} generated protocols` };
  }

  async approve(user: AuthenticatedUser, uploadId: string) {
    const job = await this.job(user.uid, uploadId);
    if (job.status === 'completed') return { success: true, message: `${job.protocolsIndexed ?? 0} protocols added to your index`, protocols_indexed: job.protocolsIndexed ?? 0 };
    if (job.status !== 'awaiting_approval') throw conflict('not_awaiting_approval', 'This upload has no protocols awaiting approval.');
    if ((await this.protocols.countPreviews(uploadId)) === 0) throw badRequest('invalid_input', 'There are no protocols to approve.');
    const approving = await this.jobs.update(uploadId, { stage: 'approving', heartbeatAt: new Date().toISOString(), approverOrganisationId: user.organisation?.id ?? '' });
    const indexed = await this.approval.complete(approving!, user);
    return { success: true, message: `${indexed} protocols added to your index`, protocols_indexed: indexed };
  }

  async cancel(userId: string, uploadId: string) {
    const job = await this.job(userId, uploadId);
    if (job.status === 'cancelled') return { success: true, message: 'Upload cancelled' };
    if (!isRunning(job)) throw conflict('not_running', 'This upload is no longer running.');
    await this.lifecycle.finish(job, { kind: 'cancelled' });
    await this.protocols.deletePreviews(uploadId);
    return { success: true, message: 'Upload cancelled' };
  }
}
