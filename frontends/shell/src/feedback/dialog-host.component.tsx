import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { Button, dialogs, type DialogRequest } from '@cairn/frontend-shared';

function ModalDialog({ request }: { request: DialogRequest }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => opener?.focus();
  }, []);

  const settle = (confirmed: boolean) => dialogs.settle(request.id, confirmed);
  const danger = request.kind === 'confirm' && request.danger;

  return (
    <dialog
      ref={ref}
      className={danger ? 'modal modal--danger' : 'modal'}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        settle(false);
      }}
    >
      <h2 id={titleId} className="modal__title">
        {request.title}
      </h2>
      <p id={messageId} className="modal__message">
        {request.message}
      </p>
      <div className="modal__actions">
        {request.kind === 'alert' ? (
          <Button variant="primary" autoFocus onClick={() => settle(true)}>
            {request.okLabel ?? 'OK'}
          </Button>
        ) : (
          <>
            <Button autoFocus onClick={() => settle(false)}>
              {request.cancelLabel ?? 'Cancel'}
            </Button>
            <Button variant={danger ? 'danger' : 'primary'} onClick={() => settle(true)}>
              {request.confirmLabel ?? 'Confirm'}
            </Button>
          </>
        )}
      </div>
    </dialog>
  );
}

/** Shows the queued dialogs one at a time: Log Out confirm, error OK dialogs, danger confirms. */
export function DialogHost() {
  const current = useSyncExternalStore(dialogs.subscribe, dialogs.current);
  return current ? <ModalDialog key={current.id} request={current} /> : null;
}
