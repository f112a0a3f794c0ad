import { useState } from 'react';
import { Button, InlineRename, dialogs } from '@cairn/frontend-shared';
import { ProtocolSummary } from '../shared/protocol-summary.component';
import { RegenerateDialog } from '../shared/regenerate-dialog.component';
import type { UploadedProtocol } from '../shared/uploads.resource';
import { UploadTexts } from '../upload-texts';

const texts = UploadTexts.library;

interface CardProps {
  protocol: UploadedProtocol;
  onRename: (title: string) => void;
  onDelete: () => void;
  onRegenerate: (instructions: string) => Promise<void>;
}

/** One protocol of 'Your Protocol Index': open it, rename it inline, regenerate or delete it. */
export function UploadedProtocolCard({ protocol, onRename, onDelete, onRegenerate }: CardProps) {
  const [open, setOpen] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [regenerating, setRegenerating] = useState(false);
  const created = protocol.created_at ? new Date(protocol.created_at).toLocaleDateString() : '';

  const confirmDelete = async () => {
    if (await dialogs.confirm({ title: texts.confirmDeleteTitle, message: texts.confirmDeleteMessage(protocol.title), confirmLabel: texts.delete, danger: true })) onDelete();
  };

  return (
    <article className="uploaded-protocol" aria-label={protocol.title}>
      <div className="uploaded-protocol__head">
        {renaming ? (
          <InlineRename
            value={protocol.title}
            label="Protocol title"
            className="uploaded-protocol__rename"
            onDone={(title) => {
              setRenaming(false);
              if (title) onRename(title);
            }}
          />
        ) : (
          <button type="button" className="uploaded-protocol__title" aria-expanded={open} onClick={() => setOpen(!open)}>
            {protocol.title}
          </button>
        )}
        <div className="uploaded-protocol__actions">
          <Button size="sm" variant="ghost" onClick={() => setRenaming(true)}>
            {texts.rename}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setRegenerating(true)}>
            {texts.regenerate}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => void confirmDelete()}>
            {texts.delete}
          </Button>
        </div>
      </div>
      <p className="uploaded-protocol__meta">
        {[protocol.source_file, created, texts.steps(protocol.steps_count), texts.sources(protocol.citations_count)].filter(Boolean).join(' · ')}
      </p>
      {open && <ProtocolSummary protocol={protocol} />}
      {regenerating && <RegenerateDialog scope="one" onSubmit={onRegenerate} onClose={() => setRegenerating(false)} />}
    </article>
  );
}
