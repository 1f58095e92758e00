import { useId, type ReactNode } from 'react';

/** What the control inside a LabelledField puts on itself, so its label and messages name it. */
export interface LabelledControl {
  id: string;
  'aria-invalid': true | undefined;
  /** The hint and the error, when there are. */
  'aria-describedby': string | undefined;
}

/** What a field says around its control. */
export interface FieldTexts {
  label: string;
  /** The field's validation message, shown in red under it. */
  error?: string | undefined;
  /** What the field takes, in grey under it (read with the field, as its description). */
  hint?: string | undefined;
}

interface LabelledFieldProps extends FieldTexts {
  /** The control's id; one is made up when none is given. */
  id?: string | undefined;
  className?: string | undefined;
  /** The control (an input, a textarea), given the attributes that tie it to the label and messages. */
  children: (control: LabelledControl) => ReactNode;
}

/** A form control with its label above, then its hint and its validation message under it. */
export function LabelledField({
  label,
  id,
  error,
  hint,
  className = '',
  children,
}: LabelledFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={controlId} className="text-sm font-semibold">
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
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
