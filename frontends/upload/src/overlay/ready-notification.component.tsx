import { Button, IconButton, cairnEvents } from '@cairn/frontend-shared';
import { readyNotification } from '../job/upload-store';
import { useReadyNotification } from '../job/use-upload-job';
import { UploadTexts } from '../upload-texts';

/** 'Protocols Ready' with the count, for 10 seconds, whether the overlay is open or not. */
export function ReadyNotificationCard() {
  const notification = useReadyNotification();
  if (!notification) return null;
  const review = () => {
    cairnEvents.emit('upload-tab-open', { kind: 'generated-protocols', uploadId: notification.uploadId, count: notification.protocols });
    readyNotification.show(null);
  };
  return (
    <div className="upload-notification" role="status" aria-live="polite">
      <div className="upload-notification__body">
        <strong>{notification.title}</strong>
        <p>{notification.message}</p>
        <Button size="sm" variant="primary" onClick={review}>
          {UploadTexts.notices.review}
        </Button>
      </div>
      <IconButton icon="close" label="Dismiss" onClick={() => readyNotification.show(null)} />
    </div>
  );
}
