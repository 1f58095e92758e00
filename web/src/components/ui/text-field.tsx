import type { ComponentProps, ReactNode } from 'react';
import { LabelledField, type FieldTexts } from './labelled-field';

export interface TextFieldProps extends ComponentProps<'input'>, FieldTexts {
  /** Something inside the input's frame after the text (a show/hide button). */
  trailing?: ReactNode;
}

/** A labelled input with its validation message; takes react-hook-form's register() props. */
export function TextField({
  label,
  error,
  hint,
  trailing,
  id,
  className,
  ...inputProps
}: TextFieldProps) {
  return (
    <LabelledField label={label} id={id} error={error} hint={hint} className={className}>
      {(control) => (
        <div className={`input w-full pr-1 ${error ? 'input-error' : ''}`}>
          <input className="grow" {...control} {...inputProps} />
          {trailing}
        </div>
      )}
    </LabelledField>
  );
}
