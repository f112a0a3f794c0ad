import { useRef, useState, type DragEvent } from 'react';
import { Button, Icon } from '@cairn/frontend-shared';
import { UploadTexts } from '../upload-texts';

/** Drag and drop or 'Choose ZIP/PDF File'; while an upload runs the chooser reads 'Upload in Progress...' and is disabled. */
export function FileDropZone({ busy, onFile }: { busy: boolean; onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <div
      className={dragging ? 'drop-zone is-dragging' : 'drop-zone'}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <Icon name="upload" size={28} />
      <p className="drop-zone__text">{UploadTexts.dropHint}</p>
      <Button variant="primary" icon="file" disabled={busy} onClick={() => input.current?.click()}>
        {busy ? UploadTexts.uploading : UploadTexts.choose}
      </Button>
      <input
        ref={input}
        className="visually-hidden"
        type="file"
        accept=".zip,.pdf"
        tabIndex={-1}
        aria-label={UploadTexts.choose}
        disabled={busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
