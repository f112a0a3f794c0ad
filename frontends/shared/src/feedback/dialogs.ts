export interface AlertDialogRequest {
  kind: 'alert';
  title: string;
  message: string;
  okLabel?: string;
}

export interface ConfirmDialogRequest {
  kind: 'confirm';
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, for destructive actions. */
  danger?: boolean;
}

export type DialogRequest = (AlertDialogRequest | ConfirmDialogRequest) & { id: string };

interface PendingDialog {
  request: DialogRequest;
  settle: (confirmed: boolean) => void;
}

export interface DialogStore {
  alert(request: Omit<AlertDialogRequest, 'kind'>): Promise<void>;
  confirm(request: Omit<ConfirmDialogRequest, 'kind'>): Promise<boolean>;
  /** The dialog on screen: requests queue and show one at a time. */
  current(): DialogRequest | null;
  settle(id: string, confirmed: boolean): void;
  subscribe(listener: () => void): () => void;
}

export function createDialogStore(): DialogStore {
  let queue: PendingDialog[] = [];
  let counter = 0;
  const listeners = new Set<() => void>();
  const publish = () => listeners.forEach((listener) => listener());

  const open = (request: AlertDialogRequest | ConfirmDialogRequest) =>
    new Promise<boolean>((settle) => {
      queue = [...queue, { request: { ...request, id: `dialog_${++counter}` }, settle }];
      publish();
    });

  return {
    alert: async (request) => {
      await open({ ...request, kind: 'alert' });
    },
    confirm: (request) => open({ ...request, kind: 'confirm' }),
    current: () => queue[0]?.request ?? null,
    settle(id, confirmed) {
      const pending = queue.find((dialog) => dialog.request.id === id);
      if (!pending) return;
      queue = queue.filter((dialog) => dialog !== pending);
      pending.settle(confirmed);
      publish();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The app's dialogs; the shell renders them, any module may ask for one. */
export const dialogs = createDialogStore();
