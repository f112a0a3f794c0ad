import { useRef, useState, type DragEvent } from 'react';
import { Button, Icon } from '@cairn/frontend-shared';

export function FileDropZone({ onFile }: { onFile: (file: File) => void }) {
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
      <p className="drop-zone__text">Drag and drop a ZIP or PDF file here, or</p>
      <Button variant="primary" icon="file" onClick={() => input.current?.click()}>
        Choose ZIP/PDF File
      </Button>
      <input
        ref={input}
        className="visually-hidden"
        type="file"
        accept=".zip,.pdf"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
