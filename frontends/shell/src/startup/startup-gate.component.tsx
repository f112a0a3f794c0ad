import { useEffect, useState } from 'react';
import { Button, Spinner } from '@cairn/frontend-shared';
import { App } from '../app.component';
import { startCairn } from './startup';

type Startup = { status: 'starting' } | { status: 'ready' } | { status: 'failed' };

/** The app renders only once the sign-in state is known (docs/product-spec.md §2). */
export function StartupGate() {
  const [startup, setStartup] = useState<Startup>({ status: 'starting' });

  useEffect(() => {
    startCairn().then(
      () => setStartup({ status: 'ready' }),
      (error: unknown) => {
        console.error('[cairn] start-up failed', error);
        setStartup({ status: 'failed' });
      },
    );
  }, []);

  if (startup.status === 'ready') return <App />;
  return (
    <div className="startup">
      <div className="brand brand--large" aria-hidden="true">
        Cairn
      </div>
      {startup.status === 'starting' ? (
        <Spinner label="Starting Cairn" />
      ) : (
        <div className="startup__failure" role="alert">
          <p>Cairn could not start. Please check your connection and try again.</p>
          <Button variant="primary" onClick={() => window.location.reload()}>
            Try Again
          </Button>
        </div>
      )}
    </div>
  );
}
