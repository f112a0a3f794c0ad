import { useState } from 'react';
import { Button, dialogs } from '@cairn/frontend-shared';
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

function TitleEditor({ title, onDone }: { title: string; onDone: (title: string | null) => void }) {
  const [value, setValue] = useState(title);
  const finish = () => onDone(value.trim() && value.trim() !== title ? value.trim() : null);
  return (
    <input
      className="field__input uploaded-protocol__rename"
      aria-label="Protocol title"
      autoFocus
      value={value}
      maxLength={200}
      onChange={(event) => setValue(event.target.value)}
      onBlur={finish}
      onKeyDown={(event) => {
        if (event.key === 'Enter') finish();
        if (event.key === 'Escape') onDone(null);
      }}
    />
  );
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
          <TitleEditor
            title={protocol.title}
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
