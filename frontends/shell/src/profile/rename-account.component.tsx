import { useState } from 'react';
import { Button, dialogs, getCairn } from '@cairn/frontend-shared';
import { AccountTexts } from './account-texts';

/** 'Rename Account': inline; blank or unchanged text cancels, Enter saves, Escape cancels. */
export function RenameAccount({ name }: { name: string }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);

  const save = async () => {
    const next = value.trim();
    setEditing(false);
    if (!next || next === name) return;
    try {
      await getCairn().auth.updateDisplayName(next);
      await dialogs.alert({ title: AccountTexts.renameAccount, message: AccountTexts.nameUpdated });
    } catch {
      await dialogs.alert({ title: AccountTexts.renameAccount, message: AccountTexts.nameUpdateFailed });
    }
  };

  if (!editing) {
    return (
      <Button
        icon="user"
        onClick={() => {
          setValue(name);
          setEditing(true);
        }}
      >
        {AccountTexts.renameAccount}
      </Button>
    );
  }
  return (
    <input
      className="field__input"
      aria-label={AccountTexts.nameLabel}
      autoFocus
      value={value}
      maxLength={100}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => setEditing(false)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') void save();
        if (event.key === 'Escape') setEditing(false);
      }}
    />
  );
}
