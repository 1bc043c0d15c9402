import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onValue(value: string): void;
  hint?: string;
}

/** A labelled input. */
export function Field({ label, value, onValue, hint, ...rest }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...rest}
      />
      {hint && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
    </div>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange'> {
  label: string;
  value: string;
  onValue(value: string): void;
  hint?: string;
  /** Shift+Enter submits. */
  onSubmitShortcut?(): void;
}

export function TextAreaField({ label, value, onValue, hint, onSubmitShortcut, ...rest }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        onKeyDown={(e) => {
          if (onSubmitShortcut && e.key === 'Enter' && e.shiftKey) {
            e.preventDefault();
            onSubmitShortcut();
          }
        }}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...rest}
      />
      {hint && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
    </div>
  );
}

/** A checkbox with its label, and a hint below. */
export function CheckboxField({
  label,
  checked,
  onChecked,
  hint,
}: {
  label: string;
  checked: boolean;
  onChecked(checked: boolean): void;
  hint: string;
}) {
  return (
    <div className="field">
      <label className="checkbox">
        <input type="checkbox" checked={checked} onChange={(e) => onChecked(e.target.checked)} /> {label}
      </label>
      <small className="hint">{hint}</small>
    </div>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
