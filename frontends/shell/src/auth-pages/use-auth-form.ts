import { useState, type FormEvent } from 'react';

interface AuthFormActions {
  /** The message for input that cannot be sent, or null. */
  validate: () => { message: string } | null;
  send: () => Promise<void>;
  /** The message for a request that failed. */
  failureMessage: (failure: unknown) => string;
}

/**
 * An auth form's submit (validate, send), the error to show, whether a request is on its way, and
 * `showFailure` for failures from elsewhere on the page (the external sign-in button).
 */
export function useAuthForm({ validate, send, failureMessage }: AuthFormActions) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validate();
    if (invalid) return setError(invalid.message);
    setError('');
    setBusy(true);
    try {
      await send();
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return {
    error,
    busy,
    onSubmit: (event: FormEvent) => void submit(event),
    showFailure: (failure: unknown) => setError(failureMessage(failure)),
  };
}
