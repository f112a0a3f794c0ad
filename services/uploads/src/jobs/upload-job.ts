import type { FileReport } from '../extraction/document-extractor.js';

/** docs/product-spec.md §4 Upload: the statuses a client sees. */
export type UploadStatus = 'uploading' | 'processing' | 'awaiting_approval' | 'completed' | 'cancelled' | 'error';

/** Where a job's work stands; what a restarted worker resumes. */
export type UploadStage = 'receiving' | 'extracting' | 'generating' | 'approving' | 'done';

export interface UploadJob {
  id: string;
  userId: string;
  filename: string;
  fileType: 'pdf' | 'zip';
  size: number;
  customPrompt: string;
  status: UploadStatus;
  stage: UploadStage;
  /** Server-side progress, 0..100. */
  progress: number;
  protocolsExtracted: number | null;
  protocolsIndexed: number | null;
  error: string | null;
  files: FileReport[];
  /** Correlation id of the generation request whose answer the job waits for. */
  requestId: string | null;
  generationKind: 'initial' | 'regeneration';
  /** The organisation of the user who asked for the approval, for the approval trail; empty for none. */
  approverOrganisationId?: string;
  /** Worker generation: raised each time a worker takes the job over. */
  epoch: number;
  heartbeatAt: string;
  createdAt: string;
  updatedAt: string;
}

export const RUNNING_STATUSES: readonly UploadStatus[] = ['uploading', 'processing'];

export const isRunning = (job: Pick<UploadJob, 'status'>) => RUNNING_STATUSES.includes(job.status);

/** `GET …/upload-status/{uploadId}` (docs/product-spec.md §3 "Upload job / status"), plus the per-file outcomes. */
export function toStatus(job: UploadJob) {
  return {
    upload_id: job.id,
    filename: job.filename,
    status: job.status,
    progress: job.progress,
    protocols_extracted: job.protocolsExtracted,
    protocols_indexed: job.protocolsIndexed,
    error: job.error,
    files: job.files,
    created_at: job.createdAt,
    updated_at: job.updatedAt,
  };
}
