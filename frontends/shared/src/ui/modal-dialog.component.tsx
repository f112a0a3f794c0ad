import { useEffect, useRef, type ReactNode } from 'react';

export interface ModalDialogProps {
  /** Shown as a modal while true (default); closed, but kept mounted, while false. */
  open?: boolean;
  className?: string;
  labelledBy: string;
  /** Escape or the browser's own cancel: the dialog stays open unless this closes it. */
  onCancel: () => void;
  children: ReactNode;
}

/** A native `<dialog>` shown modally: focus is trapped and the page behind it is inert. */
export function ModalDialog({ open = true, className, labelledBy, onCancel, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className={['modal', className ?? ''].filter(Boolean).join(' ')}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {children}
    </dialog>
  );
}
