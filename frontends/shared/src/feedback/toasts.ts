import { browserTimers, type Timers } from '../api/api-client';

export type ToastType = 'success' | 'error' | 'info';

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message?: string;
}

export const TOAST_AUTO_DISMISS_MS = 5_000;

export interface ToastStore {
  show(toast: Omit<Toast, 'id'>): string;
  dismiss(id: string): void;
  list(): readonly Toast[];
  subscribe(listener: () => void): () => void;
}

export function createToastStore(timers: Timers = browserTimers, autoDismissMs = TOAST_AUTO_DISMISS_MS): ToastStore {
  let toasts: readonly Toast[] = [];
  let counter = 0;
  const listeners = new Set<() => void>();
  const timersById = new Map<string, unknown>();
  const publish = (next: readonly Toast[]) => {
    toasts = next;
    listeners.forEach((listener) => listener());
  };

  const dismiss = (id: string) => {
    const timer = timersById.get(id);
    if (timer !== undefined) timers.clearTimeout(timer);
    timersById.delete(id);
    if (toasts.some((toast) => toast.id === id)) publish(toasts.filter((toast) => toast.id !== id));
  };

  return {
    show(toast) {
      const id = `toast_${Date.now().toString(36)}_${++counter}`;
      publish([...toasts, { ...toast, id }]);
      timersById.set(id, timers.setTimeout(() => dismiss(id), autoDismissMs));
      return id;
    },
    dismiss,
    list: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The app's toasts; the shell renders them top right, any module may show one. */
export const toasts = createToastStore();
