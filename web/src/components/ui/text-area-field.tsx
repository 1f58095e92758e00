import { useId, type ComponentProps } from 'react';

interface TextAreaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  /** The field's validation message, shown in red under it. */
  error?: string | undefined;
}

/** TextField's sibling for longer text: a labelled textarea with its validation message. */
export function TextAreaField({
  label,
  error,
  id,
  className = '',
  rows = 5,
  ...textareaProps
}: TextAreaFieldProps) {
  const generatedId = useId();
  const textareaId = id ?? generatedId;
  const errorId = `${textareaId}-error`;
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
        aria-describedby={error ? errorId : undefined}
        {...textareaProps}
      />
      {error ? (
        <p id={errorId} className="text-error text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
