import { useId, useState } from 'react';
import { Button, ErrorBox, IconButton, ModalDialog, ShowMore, Spinner, saveFile, toasts } from '@cairn/frontend-shared';
import { loadTrailCsv } from './approval-trail.resource';
import { ApprovalTrailTable } from './approval-trail-table.component';
import { useApprovalTrail } from './use-approval-trail';

/** docs/hospital-library.md, "Approval trail": what happened to the organisation's protocols, newest first, and its CSV. */
export function ApprovalTrailDialog({ organisation, onClose }: { organisation: string; onClose: () => void }) {
  const titleId = useId();
  const trail = useApprovalTrail();
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { csv, fileName } = await loadTrailCsv();
      saveFile(csv, fileName, 'text/csv');
    } catch (error) {
      toasts.show({ type: 'error', title: 'Export Failed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <ModalDialog className="approval-trail" labelledBy={titleId} onCancel={onClose}>
      <div className="upload-overlay__head">
        <h2 id={titleId} className="modal__title">
          Approval Trail
        </h2>
        <IconButton icon="close" label="Close" onClick={onClose} />
      </div>
      <div className="approval-trail__bar">
        <p className="modal__message">Every approval, publication and change to {organisation}'s protocols, newest first.</p>
        <Button size="sm" icon="download" disabled={exporting || !trail.entries?.length} onClick={() => void exportCsv()}>
          Export CSV
        </Button>
      </div>
      {trail.failed && <ErrorBox>{trail.failed}</ErrorBox>}
      {!trail.entries && !trail.failed && <Spinner label="Loading the approval trail" />}
      {trail.entries?.length === 0 && <p className="upload-panel__empty">No entries yet</p>}
      {!!trail.entries?.length && (
        <div className="approval-trail__scroll">
          <ApprovalTrailTable entries={trail.entries} />
        </div>
      )}
      <ShowMore what="entries" hasMore={trail.hasMore} {...trail.more} onMore={() => void trail.showMore()} />
    </ModalDialog>
  );
}
