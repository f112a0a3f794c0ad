import { Component, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Button, Icon, Spinner, type RemoteName } from '@cairn/frontend-shared';
import { loadRemoteComponent } from './remote-registry';

type RemoteState<P> =
  | { status: 'loading' }
  | { status: 'ready'; Module: ComponentType<P> }
  | { status: 'failed' };

function useRemoteComponent<P extends object>(remote: RemoteName, attempt: number): RemoteState<P> {
  const [state, setState] = useState<RemoteState<P>>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    loadRemoteComponent<P>(remote, attempt > 0).then(
      (Module) => current && setState({ status: 'ready', Module }),
      (error: unknown) => {
        console.error(`[cairn] the ${remote} remote could not be loaded`, error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [remote, attempt]);
  return state;
}

function RemoteLoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <div className="remote-error" role="alert">
      <Icon name="alert" size={22} />
      <p>The {title} module could not be loaded.</p>
      <Button size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

interface BoundaryProps {
  fallback: ReactNode;
  remote: RemoteName;
  children: ReactNode;
}

/** Keeps a remote that throws while rendering inside its slot. */
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[cairn] the ${this.props.remote} remote failed while rendering`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface RemoteSlotProps<P extends object> {
  remote: RemoteName;
  /** Used in the texts: 'The chat module could not be loaded.' */
  title: string;
  moduleProps: P;
  /** Changing it mounts the module afresh, e.g. for a new search. */
  instanceKey?: string | number;
}

export function RemoteSlot<P extends object>({ remote, title, moduleProps, instanceKey }: RemoteSlotProps<P>) {
  const [attempt, setAttempt] = useState(0);
  const state = useRemoteComponent<P>(remote, attempt);
  const retry = () => setAttempt((count) => count + 1);
  const failure = <RemoteLoadError title={title} onRetry={retry} />;
  const failed = state.status === 'failed';

  // A remote that failed while the connection was down is fetched again once it returns.
  useEffect(() => {
    if (!failed) return;
    const again = () => setAttempt((count) => count + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [failed]);

  if (state.status === 'loading') {
    return (
      <div className="remote-loading">
        <Spinner label={`Loading the ${title} module`} />
      </div>
    );
  }
  if (state.status === 'failed') return failure;
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} fallback={failure}>
      <state.Module key={instanceKey} {...moduleProps} />
    </RemoteErrorBoundary>
  );
}
