import { texts } from '@tools-factory/contract';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentProps,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon } from './icons';

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

interface RowActionsMenuProps extends RowActionProps {
  /** The button's words ('Actions'). */
  label: string;
  /** The actions, each a RowMenuItem: choosing one closes the menu. */
  children: ReactNode;
}

/**
 * A row's actions behind one button, rather than a stack of buttons that makes every row tall
 * (Manage Tools: Edit, Stock, Price breaks, Low stock). A disclosure: the button says whether its
 * list is open (aria-expanded) and Tab walks the list under it. Escape, and choosing an action,
 * close it and give the button the focus (an action's dialog gives it back there when it
 * closes); a click or a focus elsewhere closes it too.
 */
export function RowActionsMenu({ rowNameId, label, children }: RowActionsMenuProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node | null)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  /** Closed, the focus on the button: a dialog an action opens gives it back there. */
  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  /** An action was chosen (its own handler ran first): the menu closes. */
  function closeOnChoice(event: MouseEvent<HTMLUListElement>) {
    if ((event.target as Element).closest('button')) close();
  }

  function closeOnEscape(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape' || !open) return;
    // The menu's Escape, not the dialog's or the drawer's around it.
    event.stopPropagation();
    close();
  }

  function closeOnLeave(event: FocusEvent<HTMLDivElement>) {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  }

  return (
    <div ref={rootRef} className="relative" onKeyDown={closeOnEscape} onBlur={closeOnLeave}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-sm btn-outline w-full whitespace-nowrap"
        aria-expanded={open}
        aria-controls={listId}
        aria-describedby={rowNameId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {label}
        <ChevronDownIcon aria-hidden="true" />
      </button>
      {open ? (
        <ul
          id={listId}
          onClick={closeOnChoice}
          // Under the button, growing away from the page's edge: rightwards on a card (the
          // button is on its left), leftwards in a table's last column.
          className="menu bg-base-100 rounded-box border-base-300 absolute left-0 z-20 mt-1 w-48 border p-1 shadow-lg xl:right-0 xl:left-auto"
        >
          {children}
        </ul>
      ) : null}
    </div>
  );
}

/** One action of a RowActionsMenu: a button in its list, named by the row like RowButton. */
export function RowMenuItem({
  rowNameId,
  className = '',
  ...buttonProps
}: RowActionProps & Omit<ComponentProps<'button'>, 'type'>) {
  return (
    <li>
      <button
        type="button"
        className={`whitespace-nowrap ${className}`}
        aria-describedby={rowNameId}
        {...buttonProps}
      />
    </li>
  );
}
