import { texts } from '@tools-factory/contract';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';

interface RowActionProps {
  /** The id of the row's name: a screen reader hears which row the control acts on. */
  rowNameId: string;
}

type RowButtonProps = RowActionProps & Omit<ComponentProps<'button'>, 'type'>;

/** A small button acting on one row of a table (Ship, Cancel, Price breaks), named by the row. */
export function RowButton({ rowNameId, className = '', ...buttonProps }: RowButtonProps) {
  return (
    <button
      type="button"
      className={`btn btn-sm ${className}`}
      aria-describedby={rowNameId}
      {...buttonProps}
    />
  );
}

/** Remove, in red: the row's Remove, which asks before it removes anything. */
export function RemoveRowButton({ className = '', ...buttonProps }: RowButtonProps) {
  return (
    <RowButton className={`btn-error btn-outline ${className}`} {...buttonProps}>
      {texts.orders.remove}
    </RowButton>
  );
}

/** A row's control that goes to a page (an order's payment), looking like its buttons. */
export function RowLink({
  rowNameId,
  className = '',
  ...linkProps
}: RowActionProps & ComponentProps<typeof Link>) {
  return <Link className={`btn btn-sm ${className}`} aria-describedby={rowNameId} {...linkProps} />;
}
