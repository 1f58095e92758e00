import { useEffect, useId, useRef, type ReactNode } from 'react';
import { FaTimes } from 'react-icons/fa';
import { keepFocusInside } from './keep-focus-inside';

interface FormDialogProps {
  open: boolean;
  title: string;
  /** One sentence under the title, read with it by screen readers. */
  description?: string;
  /** The close button's name ('Close'): it shows an icon only. */
  closeLabel: string;
  /** While the form is being sent: the dialog cannot be dismissed. */
  busy?: boolean;
  /** A form of several rows (a shipment's lines): wider from a tablet up. */
  wide?: boolean;
  onClose: () => void;
  /** The form. Mounted only while the dialog is open, so each opening starts from its defaults. */
  children: ReactNode;
}

const FIELDS =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

/**
 * A modal form (daisyUI modal on the native <dialog>): named by its title, the page behind inert,
 * focus on the first field when it opens and kept inside while open (Tab wraps around), back
 * where it was on close. Escape and the close button dismiss it; a click outside does not, so
 * a stray tap cannot throw away what was typed.
 */
export function FormDialog({
  open,
  title,
  description,
  closeLabel,
  busy = false,
  wide = false,
  onClose,
  children,
}: FormDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>(FIELDS)?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  function dismiss() {
    if (!busy) onClose();
  }

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Tab wraps at both ends: a keyboard user stays in the form until they close it.
      onKeyDown={keepFocusInside}
      // Escape: the dialog stays while the form is being sent.
      onCancel={(event) => {
        event.preventDefault();
        dismiss();
      }}
      // Closed by the browser itself (a repeated Escape may close it whatever the page says):
      // the parent learns the dialog is gone.
      onClose={() => {
        if (open) onClose();
      }}
    >
      <div className={`modal-box ${wide ? 'sm:max-w-2xl' : ''}`}>
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-xl font-bold first-letter:uppercase">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="text-base-content/70 mt-1 text-sm">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-circle shrink-0"
            aria-label={closeLabel}
            disabled={busy}
            onClick={dismiss}
          >
            <FaTimes aria-hidden="true" />
          </button>
        </div>
        {open ? children : null}
      </div>
    </dialog>
  );
}
