import type { UploadStatus } from '../jobs/upload-job.js';

/**
 * The statuses an upload job may move to from each status (docs/product-spec.md §4 Upload). A job is received
 * (uploading), extracted and generated (processing), reviewed (awaiting_approval: approved, or
 * regenerated, which runs again), and ends completed, cancelled or in error. Cancel stops a running
 * job only; any job may be removed with its previews (Clear All), which is no status.
 */
export const UPLOAD_TRANSITIONS: Readonly<Record<UploadStatus, readonly UploadStatus[]>> = {
  uploading: ['processing', 'cancelled', 'error'],
  processing: ['awaiting_approval', 'cancelled', 'error'],
  awaiting_approval: ['processing', 'completed'],
  completed: [],
  cancelled: [],
  error: [],
};

export class IllegalUploadTransition extends Error {
  constructor(
    readonly from: UploadStatus,
    readonly to: UploadStatus,
  ) {
    super(`an upload job cannot move from ${from} to ${to}`);
  }
}

export const canMove = (from: UploadStatus, to: UploadStatus) => UPLOAD_TRANSITIONS[from].includes(to);

export function assertTransition(from: UploadStatus, to: UploadStatus): void {
  if (!canMove(from, to)) throw new IllegalUploadTransition(from, to);
}
