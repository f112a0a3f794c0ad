import { useSyncExternalStore } from 'react';
import { Icon, IconButton, toasts, type Toast } from '@cairn/frontend-shared';

const TOAST_ICONS = { success: 'check', error: 'alert', info: 'message' } as const;

function ToastCard({ toast }: { toast: Toast }) {
  return (
    <div className={`toast toast--${toast.type}`} role={toast.type === 'error' ? 'alert' : 'status'}>
      <Icon name={TOAST_ICONS[toast.type]} />
      <div className="toast__body">
        <p className="toast__title">{toast.title}</p>
        {toast.message && <p className="toast__message">{toast.message}</p>}
      </div>
      <IconButton icon="close" label="Dismiss notification" onClick={() => toasts.dismiss(toast.id)} />
    </div>
  );
}

export function Toaster() {
  const list = useSyncExternalStore(toasts.subscribe, toasts.list);
  return (
    <div className="toaster" aria-live="polite">
      {list.map((toast) => (
        <ToastCard key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
