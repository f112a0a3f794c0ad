import { useEffect, useId, useState } from 'react';
import { IconButton, ModalDialog, useCairnEvent, useCurrentUser } from '@cairn/frontend-shared';
import { uploadSession } from '../job/upload-store';
import { clearProtocolCaches } from '../library/protocol-cache';
import { UploadTexts } from '../upload-texts';
import { ReadyNotificationCard } from './ready-notification.component';
import { UploadPanel } from './upload-panel.component';

/** Mounted once per dashboard: the upload overlay opens on `upload-open`; the upload goes on while it is closed. */
export function UploadOverlay() {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const uid = useCurrentUser()?.uid ?? null;
  useCairnEvent('upload-open', () => setOpen(true));

  useEffect(() => {
    if (uid) return;
    uploadSession.reset();
    clearProtocolCaches();
    setOpen(false);
  }, [uid]);

  return (
    <div data-testid="remote-upload">
      <ModalDialog open={open} className="upload-overlay" labelledBy={titleId} onCancel={() => setOpen(false)}>
        <div className="upload-overlay__head">
          <h2 id={titleId} className="upload-panel__title">
            {UploadTexts.title}
          </h2>
          <IconButton icon="close" label={UploadTexts.close} onClick={() => setOpen(false)} />
        </div>
        <UploadPanel titleId={titleId} />
      </ModalDialog>
      <ReadyNotificationCard />
    </div>
  );
}
