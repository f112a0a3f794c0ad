import { useEffect, useId, useRef, useState } from 'react';
import { IconButton, useCairnEvent, useCurrentUser } from '@cairn/frontend-shared';
import { uploadSession } from '../job/upload-store';
import { clearProtocolCaches } from '../library/protocol-cache';
import { UploadTexts } from '../upload-texts';
import { ReadyNotificationCard } from './ready-notification.component';
import { UploadPanel } from './upload-panel.component';

/** Mounted once per dashboard: the upload overlay opens on `upload-open`; the upload goes on while it is closed. */
export function UploadOverlay() {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const uid = useCurrentUser()?.uid ?? null;
  useCairnEvent('upload-open', () => setOpen(true));

  useEffect(() => {
    if (uid) return;
    uploadSession.reset();
    clearProtocolCaches();
    setOpen(false);
  }, [uid]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <div data-testid="remote-upload">
      <dialog
        ref={dialog}
        className="modal upload-overlay"
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          setOpen(false);
        }}
      >
        <div className="upload-overlay__head">
          <h2 id={titleId} className="upload-panel__title">
            {UploadTexts.title}
          </h2>
          <IconButton icon="close" label={UploadTexts.close} onClick={() => setOpen(false)} />
        </div>
        <UploadPanel titleId={titleId} />
      </dialog>
      <ReadyNotificationCard />
    </div>
  );
}
