import { useState } from 'react';
import { Button, HospitalBadge, InlineRename, type LibraryProtocol } from '@cairn/frontend-shared';
import { UploadTexts } from '../upload-texts';

const texts = UploadTexts.hospital;

interface HospitalStripProps {
  copy: LibraryProtocol;
  /** The editor's own protocol's title: the copy's is shown when it differs. */
  title: string;
  organisation: string;
  /** An editor may rename or replace the copy, or take it out. */
  editor: boolean;
  busy: boolean;
  onUpdate: () => void;
  onRename: (title: string) => void;
  onUnpublish: () => void;
}

/** A published protocol's foot: the Hospital badge, when and by whom, and (for editors) Update, Rename and Unpublish. */
export function HospitalStrip({ copy, title, organisation, editor, busy, onUpdate, onRename, onUnpublish }: HospitalStripProps) {
  const [renaming, setRenaming] = useState(false);
  const date = copy.publishedAt ? new Date(copy.publishedAt).toLocaleDateString() : '';
  const meta = [date && texts.publishedOn(date, copy.publishedBy), copy.title !== title && texts.publishedAs(copy.title)].filter(Boolean).join(' ');
  return (
    <div className="hospital-strip">
      <HospitalBadge organisation={organisation} />
      {renaming ? (
        <InlineRename
          value={copy.title}
          label={texts.renameLabel}
          className="hospital-strip__rename"
          onDone={(renamed) => {
            setRenaming(false);
            if (renamed) onRename(renamed);
          }}
        />
      ) : (
        meta && <span className="hospital-strip__meta">{meta}</span>
      )}
      {editor && (
        <span className="hospital-strip__actions">
          <Button size="sm" variant="ghost" disabled={busy} onClick={onUpdate}>
            {texts.update}
          </Button>
          <Button size="sm" variant="ghost" disabled={busy || renaming} onClick={() => setRenaming(true)}>
            {texts.rename}
          </Button>
          <Button size="sm" variant="ghost" disabled={busy} onClick={onUnpublish}>
            {texts.unpublish}
          </Button>
        </span>
      )}
    </div>
  );
}
