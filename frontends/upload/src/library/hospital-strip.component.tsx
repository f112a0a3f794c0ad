import { Button, HospitalBadge, type LibraryProtocol } from '@cairn/frontend-shared';
import { UploadTexts } from '../upload-texts';

const texts = UploadTexts.hospital;

interface HospitalStripProps {
  copy: LibraryProtocol;
  organisation: string;
  /** An editor may replace the copy or take it out. */
  editor: boolean;
  busy: boolean;
  onUpdate: () => void;
  onUnpublish: () => void;
}

/** A published protocol's foot: the Hospital badge, when and by whom, and (for editors) Update and Unpublish. */
export function HospitalStrip({ copy, organisation, editor, busy, onUpdate, onUnpublish }: HospitalStripProps) {
  const date = copy.publishedAt ? new Date(copy.publishedAt).toLocaleDateString() : '';
  return (
    <div className="hospital-strip">
      <HospitalBadge organisation={organisation} />
      {date && <span className="hospital-strip__meta">{texts.publishedOn(date, copy.publishedBy)}</span>}
      {editor && (
        <span className="hospital-strip__actions">
          <Button size="sm" variant="ghost" disabled={busy} onClick={onUpdate}>
            {texts.update}
          </Button>
          <Button size="sm" variant="ghost" disabled={busy} onClick={onUnpublish}>
            {texts.unpublish}
          </Button>
        </span>
      )}
    </div>
  );
}
