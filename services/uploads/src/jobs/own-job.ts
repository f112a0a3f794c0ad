import { notFound } from '@cairn/platform';
import type { UploadJob } from './upload-job.js';
import type { UploadJobsRepository } from './upload-jobs.repository.js';

/** The user's upload job, or 404: another user's upload is as unknown as one that never was. */
export async function ownJob(jobs: UploadJobsRepository, userId: string, uploadId: string): Promise<UploadJob> {
  const job = await jobs.get(userId, uploadId);
  if (!job) throw notFound('Upload not found');
  return job;
}
