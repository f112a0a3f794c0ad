import { useState } from 'react';
import { Button, getCairn } from '@cairn/frontend-shared';

export interface ExternalProviderButtonProps {
  disabled?: boolean;
  onSignedIn: () => void;
  onError: (error: unknown) => void;
}

/** Shown only when the runtime config names an external identity provider. */
export function ExternalProviderButton({ disabled, onSignedIn, onError }: ExternalProviderButtonProps) {
  const { auth } = getCairn();
  const [busy, setBusy] = useState(false);
  if (!auth.hasExternalProvider) return null;

  const start = async () => {
    setBusy(true);
    try {
      await auth.signInWithExternalProvider();
      onSignedIn();
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {auth.passwordSignIn && (
        <div className="divider" role="presentation">
          <span>or</span>
        </div>
      )}
      <Button block icon="shield" disabled={disabled || busy} onClick={() => void start()}>
        Continue with an external identity provider account
      </Button>
    </>
  );
}
