import type { ComponentProps } from 'react';

interface RowButtonProps extends Omit<ComponentProps<'button'>, 'type'> {
  /** The id of the row's name: a screen reader hears which row the button acts on. */
  describedBy: string;
}

/** A small button acting on one row of a list (Accept, Decline, Remove User ...). */
export function RowButton({ describedBy, className = '', ...buttonProps }: RowButtonProps) {
  return (
    <button
      type="button"
      className={`btn btn-sm ${className}`}
      aria-describedby={describedBy}
      {...buttonProps}
    />
  );
}
