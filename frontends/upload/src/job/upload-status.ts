import type { UploadStatusBody } from '../shared/uploads.resource';

/** docs/product-spec.md §4 "Upload": the statuses of an upload as the client shows them. */
export type UploadPhase = 'idle' | 'uploading' | 'processing' | 'awaiting_approval' | 'completed' | 'failed' | 'error' | 'cancelled';

export interface UploadJobView {
  phase: UploadPhase;
  uploadId: string | null;
  filename: string;
  /** Percent shown: 0 while uploading, 25 + 60 % of the server's while processing, 100 once generated. */
  progress: number;
  /** Percent of the file's bytes sent, while uploading. */
  sent: number;
  extracted: number | null;
  indexed: number | null;
  error: string | null;
  /** The files of the upload that could not be read, or were read only in part, with why. */
  unread: { name: string; error: string }[];
}

export const IDLE_JOB: UploadJobView = { phase: 'idle', uploadId: null, filename: '', progress: 0, sent: 0, extracted: null, indexed: null, error: null, unread: [] };

const LABELS: Record<string, string> = {
  uploading: 'Uploading',
  processing: 'Processing',
  awaiting_approval: 'Ready for Review',
  completed: 'Completed',
  cancelled: 'Cancelled by user',
  failed: 'Error',
  error: 'Error',
};

export const statusLabel = (status: string): string => LABELS[status] ?? status;

export function displayProgress(status: string, serverProgress: number): number {
  if (status === 'uploading') return 0;
  if (status === 'processing') return Math.round(25 + 0.6 * Math.min(100, Math.max(0, serverProgress)));
  if (status === 'awaiting_approval' || status === 'completed') return 100;
  return 0;
}

export function statusText(job: UploadJobView): string {
  switch (job.phase) {
    case 'uploading':
      return 'Uploading file...';
    case 'processing':
      return 'Processing documents and generating protocols...';
    case 'awaiting_approval':
      return `${job.extracted ?? 0} protocols generated`;
    case 'completed':
      return `Successfully processed ${job.indexed ?? job.extracted ?? 0} protocols`;
    case 'cancelled':
      return 'Upload cancelled by user';
    case 'failed':
    case 'error':
      return `Error: ${job.error ?? 'Processing failed'}`;
    default:
      return '';
  }
}

export const isActive = (phase: UploadPhase) => phase === 'uploading' || phase === 'processing';

/** The job after a status answer of `GET /users/{id}/upload-status/{uploadId}`. */
export function applyStatus(job: UploadJobView, status: UploadStatusBody): UploadJobView {
  const phase = (LABELS[status.status] ? status.status : 'error') as UploadPhase;
  const unread = (status.files ?? []).flatMap(({ name, error }) => (error ? [{ name, error }] : []));
  return {
    ...job,
    unread: unread.length > 0 ? unread : job.unread,
    phase,
    filename: status.filename ?? job.filename,
    progress: displayProgress(status.status, status.progress ?? 0),
    extracted: status.protocols_extracted ?? job.extracted,
    indexed: status.protocols_indexed ?? job.indexed,
    error: status.error ?? (phase === 'error' && !LABELS[status.status] ? status.status : null),
  };
}
