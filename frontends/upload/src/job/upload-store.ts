import { cairnEvents, toasts } from '@cairn/frontend-shared';
import { cancelUpload, uploadDocument, uploadStatus } from '../shared/uploads.resource';
import { UploadTexts } from '../upload-texts';
import { UploadSession } from './upload-session';
import type { UploadJobView } from './upload-status';

/** docs/product-spec.md §9: the upload-ready notification stays 10 seconds. */
export const READY_NOTIFICATION_MS = 10_000;

/** docs/product-spec.md §3 "Notification". */
export interface ReadyNotification {
  id: string;
  type: 'upload_ready';
  title: string;
  message: string;
  uploadId: string;
  protocols: number;
  timestamp: string;
}

let notification: ReadyNotification | null = null;
let notificationTimer: ReturnType<typeof setTimeout> | undefined;
const notificationListeners = new Set<() => void>();

export const readyNotification = {
  current: () => notification,
  subscribe(listener: () => void) {
    notificationListeners.add(listener);
    return () => {
      notificationListeners.delete(listener);
    };
  },
  show(next: ReadyNotification | null) {
    notification = next;
    clearTimeout(notificationTimer);
    if (next) notificationTimer = setTimeout(() => readyNotification.show(null), READY_NOTIFICATION_MS);
    notificationListeners.forEach((listener) => listener());
  },
};

function protocolsReady(job: UploadJobView): void {
  if (!job.uploadId) return;
  const count = job.extracted ?? 0;
  readyNotification.show({
    id: `notification_${job.uploadId}_${Date.now()}`,
    type: 'upload_ready',
    title: UploadTexts.notices.ready,
    message: `${count} protocols generated from ${job.filename}. Review them before they join your index.`,
    uploadId: job.uploadId,
    protocols: count,
    timestamp: new Date().toISOString(),
  });
  cairnEvents.emit('upload-tab-open', { kind: 'generated-protocols', uploadId: job.uploadId, count });
}

/** The one upload session of this browser tab, shared by the overlay, preview and index views. */
export const uploadSession = new UploadSession(
  { upload: uploadDocument, status: uploadStatus, cancel: cancelUpload },
  {
    ready: protocolsReady,
    noProtocols: () => toasts.show({ type: 'info', title: UploadTexts.notices.noProtocols, message: UploadTexts.notices.noProtocolsMessage }),
    failed: (error) => toasts.show({ type: 'error', title: UploadTexts.notices.failed, message: error }),
    statusCheckFailed: () => toasts.show({ type: 'error', title: UploadTexts.notices.statusCheckFailed, message: UploadTexts.notices.statusCheckFailedMessage }),
    cancelled: () => toasts.show({ type: 'info', title: UploadTexts.notices.cancelled, message: UploadTexts.notices.cancelledMessage }),
    completed: (job) => cairnEvents.emit('uploaded-protocols-changed', { total: job.indexed ?? undefined }),
  },
);
