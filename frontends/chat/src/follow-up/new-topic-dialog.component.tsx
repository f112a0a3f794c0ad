import { useId } from 'react';
import { Button, ModalDialog } from '@cairn/frontend-shared';

/** docs/product-spec.md §2 'New Protocol Topic Detected': Open New Tab (the query runs there) or Continue Here. */
export function NewTopicDialog({ query, onNewTab, onContinue, onCancel }: { query: string; onNewTab: () => void; onContinue: () => void; onCancel: () => void }) {
  const titleId = useId();
  return (
    <ModalDialog labelledBy={titleId} onCancel={onCancel}>
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
    </ModalDialog>
  );
}
