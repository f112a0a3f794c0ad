import { useState } from 'react';

export interface InlineRenameProps {
  /** The current text; unchanged or blank text cancels. */
  value: string;
  label: string;
  maxLength?: number;
  className?: string;
  /** The new text, or null when cancelled (Escape, blur, blank or unchanged). */
  onDone: (value: string | null) => void;
}

/** docs/product-spec.md §5 renames: Enter saves; Escape, leaving the field, blank or unchanged text cancel. */
export function InlineRename({ value, label, maxLength = 200, className, onDone }: InlineRenameProps) {
  const [text, setText] = useState(value);
  const finish = () => onDone(text.trim() && text.trim() !== value ? text.trim() : null);
  return (
    <input
      className={['field__input', className ?? ''].filter(Boolean).join(' ')}
      aria-label={label}
      autoFocus
      value={text}
      maxLength={maxLength}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => onDone(null)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') finish();
        if (event.key === 'Escape') onDone(null);
      }}
    />
  );
}
