import type { ComponentProps } from 'react';
import { LabelledField, type FieldTexts } from './labelled-field';

type TextAreaFieldProps = ComponentProps<'textarea'> & FieldTexts;

/** TextField's sibling for longer text: a labelled textarea with its validation message. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  className,
  rows = 5,
  ...textareaProps
}: TextAreaFieldProps) {
  return (
    <LabelledField label={label} id={id} error={error} hint={hint} className={className}>
      {(control) => (
        <textarea
          rows={rows}
          className={`textarea w-full ${error ? 'textarea-error' : ''}`}
          {...control}
          {...textareaProps}
        />
      )}
    </LabelledField>
  );
}
