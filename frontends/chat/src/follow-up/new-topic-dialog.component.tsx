import { useEffect, useId, useRef } from 'react';
import { Button } from '@cairn/frontend-shared';

/** Spec §2 'New Protocol Topic Detected': Open New Tab (the query runs there) or Continue Here. */
export function NewTopicDialog({ query, onNewTab, onContinue, onCancel }: { query: string; onNewTab: () => void; onContinue: () => void; onCancel: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className="modal__title">
        New Protocol Topic Detected
      </h2>
      <p className="modal__message">
        &lsquo;{query}&rsquo; looks like a new topic rather than a question about the protocol shown. Open it in a new tab, or search for it here?
      </p>
      <div className="modal__actions">
        <Button onClick={onContinue}>Continue Here</Button>
        <Button variant="primary" autoFocus onClick={onNewTab}>
          Open New Tab
        </Button>
      </div>
    </dialog>
  );
}
