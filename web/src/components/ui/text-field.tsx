import { useId, type ComponentProps, type ReactNode } from 'react';

export interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  /** The field's validation message, shown in red under it. */
  error?: string | undefined;
  /** What the field takes, in grey under it (read with the field, as its description). */
  hint?: string | undefined;
  /** Something inside the input's frame after the text (a show/hide button). */
  trailing?: ReactNode;
  /** More classes of the input's frame (its text colour on a dark form). */
  frameClassName?: string;
}

/** A labelled input with its validation message; takes react-hook-form's register() props. */
export function TextField({
  label,
  error,
  hint,
  trailing,
  frameClassName = '',
  id,
  className = '',
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-semibold">
        {label}
      </label>
      <div className={`input w-full pr-1 ${error ? 'input-error' : ''} ${frameClassName}`}>
        <input
          id={inputId}
          className="grow"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...inputProps}
        />
        {trailing}
      </div>
      {hint ? (
        <p id={hintId} className="text-base-content/70 text-sm">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-error text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
