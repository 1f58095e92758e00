import { useId, type ComponentProps } from 'react';

interface TextAreaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  /** The field's validation message, shown in red under it. */
  error?: string | undefined;
  /** What the field takes, in grey under it (read with the field, as its description). */
  hint?: string | undefined;
}

/** TextField's sibling for longer text: a labelled textarea with its validation message. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  className = '',
  rows = 5,
  ...textareaProps
}: TextAreaFieldProps) {
  const generatedId = useId();
  const textareaId = id ?? generatedId;
  const errorId = `${textareaId}-error`;
  const hintId = `${textareaId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={textareaId} className="text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={textareaId}
        rows={rows}
        className={`textarea w-full ${error ? 'textarea-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...textareaProps}
      />
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
