import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Rendered inside the field on the right, e.g. a show/hide button. */
  trailing?: ReactNode;
  /** Rendered under the field and announced with it. */
  hint?: ReactNode;
}

export function TextField({ label, trailing, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={['field', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className={trailing ? 'field__control field__control--trailing' : 'field__control'}>
        <input id={id} className="field__input" aria-describedby={hint ? hintId : undefined} {...input} />
        {trailing}
      </div>
      {hint && (
        <div id={hintId} className="field__hint">
          {hint}
        </div>
      )}
    </div>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

export function TextAreaField({ label, className, onChange, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={['field', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className="field__input field__textarea" onChange={(event) => onChange(event.target.value)} {...textarea} />
    </div>
  );
}
