import { useId, type ComponentProps, type ReactNode } from 'react';

export interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  /** The field's validation message, shown in red under it. */
  error?: string | undefined;
  /** Something inside the input's frame after the text (a show/hide button). */
  trailing?: ReactNode;
}

/** A labelled input with its validation message; takes react-hook-form's register() props. */
export function TextField({
  label,
  error,
  trailing,
  id,
  className = '',
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-semibold">
        {label}
      </label>
      <div className={`input w-full pr-1 ${error ? 'input-error' : ''}`}>
        <input
          id={inputId}
          className="grow"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...inputProps}
        />
        {trailing}
      </div>
      {error ? (
        <p id={errorId} className="text-error text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
