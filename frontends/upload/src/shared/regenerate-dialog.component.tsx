import { useId, useState } from 'react';
import { Button, ErrorBox, Icon, IconButton, ModalDialog, TextAreaField } from '@cairn/frontend-shared';
import { UploadTexts } from '../upload-texts';

interface RegenerateDialogProps {
  /** All the generated protocols of an upload, or one protocol of the index. */
  scope: 'all' | 'one';
  onSubmit: (instructions: string) => Promise<void>;
  onClose: () => void;
}

/** 'Regenerate Protocols' / 'Regenerate Protocol': instructions are required; the button reads 'Regenerating...' while busy. */
export function RegenerateDialog({ scope, onSubmit, onClose }: RegenerateDialogProps) {
  const titleId = useId();
  const [instructions, setInstructions] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const texts = UploadTexts.regenerate;

  const submit = async () => {
    if (!instructions.trim() || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(instructions.trim());
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };

  return (
    <ModalDialog className="regenerate-dialog" labelledBy={titleId} onCancel={() => !busy && onClose()}>
      <div className="upload-overlay__head">
        <h2 id={titleId} className="modal__title">
          {scope === 'all' ? texts.titleAll : texts.titleOne}
        </h2>
        <IconButton icon="close" label="Close" disabled={busy} onClick={onClose} />
      </div>
      <TextAreaField label={texts.label} rows={4} placeholder={texts.placeholder} value={instructions} onChange={setInstructions} />
      <p className="regenerate-dialog__warning">
        <Icon name="alert" size={16} />
        {scope === 'all' ? texts.warningAll : texts.warningOne}
      </p>
      {error && <ErrorBox>{error}</ErrorBox>}
      <div className="modal__actions">
        <Button disabled={busy} onClick={onClose}>
          Cancel
        </Button>
        <Button variant="primary" disabled={busy || !instructions.trim()} onClick={() => void submit()}>
          {busy ? texts.busy : texts.submit}
        </Button>
      </div>
    </ModalDialog>
  );
}
