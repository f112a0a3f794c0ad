import { useId, useState } from 'react';
import { Button, ErrorBox, ModalDialog, TextField, clearAppStorage, getCairn, useCurrentUser } from '@cairn/frontend-shared';
import { AccountTexts, deletionErrorMessage, validateAccountDeletion } from './account-texts';
import { deleteAccount } from './account.resource';

/** docs/product-spec.md §2 Delete Account: the password (or, for a provider account, signing in again there) and DELETE typed. */
export function DeleteAccountDialog({ onClose, onDeleted }: { onClose: () => void; onDeleted: () => void }) {
  const user = useCurrentUser();
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const provider = user?.provider ?? 'password';

  const submit = async () => {
    const problem = validateAccountDeletion({ confirmation, password, provider, email: user?.email ?? null });
    if (problem || !user) return setError(problem ?? AccountTexts.noEmail);
    setBusy(true);
    setError(null);
    try {
      await getCairn().auth.reauthenticate(provider === 'password' ? password : undefined);
      await deleteAccount(user.uid);
      await getCairn().auth.signOut();
      clearAppStorage(window.localStorage, window.sessionStorage);
      onDeleted();
    } catch (failure) {
      setError(deletionErrorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <ModalDialog className="modal--danger delete-account" labelledBy={titleId} onCancel={() => !busy && onClose()}>
      <h2 id={titleId} className="modal__title">
        {AccountTexts.deleteTitle}
      </h2>
      <p className="modal__message">{AccountTexts.deleteWarning}</p>
      <form
        className="delete-account__form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {provider === 'password' ? (
          <TextField label={AccountTexts.passwordLabel} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        ) : (
          <p className="modal__message">{AccountTexts.externalPrompt}</p>
        )}
        <TextField label={AccountTexts.confirmLabel} autoComplete="off" value={confirmation} onChange={(event) => setConfirmation(event.target.value)} />
        {error && <ErrorBox>{error}</ErrorBox>}
        <div className="modal__actions">
          <Button disabled={busy} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? AccountTexts.deleting : AccountTexts.deleteAccount}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
