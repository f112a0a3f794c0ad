import { useState } from 'react';
import { Button, InlineRename, dialogs, type LibraryProtocol } from '@cairn/frontend-shared';
import { ProtocolSummary } from '../shared/protocol-summary.component';
import { RegenerateDialog } from '../shared/regenerate-dialog.component';
import type { UploadedProtocol } from '../shared/uploads.resource';
import { UploadTexts } from '../upload-texts';
import { HospitalStrip } from './hospital-strip.component';

const texts = UploadTexts.library;

/** The protocol's place in the hospital library, for a member of an organisation. */
export interface CardHospital {
  copy?: LibraryProtocol;
  organisation: string;
  editor: boolean;
  busy: boolean;
  onPublish: (replacing: boolean) => void;
  onUnpublish: (copy: LibraryProtocol) => void;
  onRenameCopy: (copy: LibraryProtocol, title: string) => void;
}

interface CardProps {
  protocol: UploadedProtocol;
  hospital?: CardHospital;
  onRename: (title: string) => void;
  onDelete: () => void;
  onRegenerate: (instructions: string) => Promise<void>;
}

/** One protocol of 'Your Protocol Index': open it, rename it inline, regenerate or delete it; an editor publishes it to the hospital library. */
export function UploadedProtocolCard({ protocol, hospital, onRename, onDelete, onRegenerate }: CardProps) {
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
          {hospital?.editor && !hospital.copy && (
            <Button size="sm" variant="secondary" icon="upload" disabled={hospital.busy} onClick={() => hospital.onPublish(false)}>
              {hospital.busy ? UploadTexts.hospital.publishing : UploadTexts.hospital.publish}
            </Button>
          )}
        </div>
      </div>
      <p className="uploaded-protocol__meta">
        {[protocol.source_file, created, texts.steps(protocol.steps_count), texts.sources(protocol.citations_count)].filter(Boolean).join(' · ')}
      </p>
      {hospital?.copy && (
        <HospitalStrip
          copy={hospital.copy}
          title={protocol.title}
          organisation={hospital.organisation}
          editor={hospital.editor}
          busy={hospital.busy}
          onUpdate={() => hospital.onPublish(true)}
          onUnpublish={() => hospital.copy && hospital.onUnpublish(hospital.copy)}
          onRename={(title) => hospital.copy && hospital.onRenameCopy(hospital.copy, title)}
        />
      )}
      {open && <ProtocolSummary protocol={protocol} />}
      {regenerating && <RegenerateDialog scope="one" onSubmit={onRegenerate} onClose={() => setRegenerating(false)} />}
    </article>
  );
}
