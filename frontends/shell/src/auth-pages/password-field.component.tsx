import { useState } from 'react';
import { IconButton, TextField, type TextFieldProps } from '@cairn/frontend-shared';

export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <IconButton
          className="field__toggle"
          icon={visible ? 'eye-off' : 'eye'}
          label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        />
      }
    />
  );
}
