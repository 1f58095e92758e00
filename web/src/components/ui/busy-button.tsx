import type { ComponentProps } from 'react';

interface BusyButtonProps extends ComponentProps<'button'> {
  /** While true: a spinner before the label, and the button cannot be pressed again. */
  busy?: boolean;
}

/** A button that shows it is working (SPEC.md section 4: a spinner while loading). */
export function BusyButton({
  busy = false,
  disabled,
  children,
  type = 'button',
  className = '',
  ...props
}: BusyButtonProps) {
  return (
    <button
      type={type}
      className={`btn ${className}`}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
