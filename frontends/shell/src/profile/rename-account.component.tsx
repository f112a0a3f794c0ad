import { useState } from 'react';
import { Button, InlineRename, dialogs, getCairn } from '@cairn/frontend-shared';
import { AccountTexts } from './account-texts';

/** 'Rename Account': inline; blank or unchanged text cancels, Enter saves, Escape cancels. */
export function RenameAccount({ name }: { name: string }) {
  const [editing, setEditing] = useState(false);

  const save = async (next: string) => {
    try {
      await getCairn().auth.updateDisplayName(next);
      await dialogs.alert({ title: AccountTexts.renameAccount, message: AccountTexts.nameUpdated });
    } catch {
      await dialogs.alert({ title: AccountTexts.renameAccount, message: AccountTexts.nameUpdateFailed });
    }
  };

  if (!editing) {
    return (
      <Button icon="user" onClick={() => setEditing(true)}>
        {AccountTexts.renameAccount}
      </Button>
    );
  }
  return (
    <InlineRename
      value={name}
      label={AccountTexts.nameLabel}
      maxLength={100}
      onDone={(next) => {
        setEditing(false);
        if (next) void save(next);
      }}
    />
  );
}
