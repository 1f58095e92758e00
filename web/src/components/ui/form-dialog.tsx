import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { FaTimes } from 'react-icons/fa';

interface FormDialogProps {
  open: boolean;
  title: string;
  /** One sentence under the title, read with it by screen readers. */
  description?: string;
  /** The close button's name ('Close'): it shows an icon only. */
  closeLabel: string;
  /** While the form is being sent: the dialog cannot be dismissed. */
  busy?: boolean;
  onClose: () => void;
  /** The form. Mounted only while the dialog is open, so each opening starts from its defaults. */
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
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

  // showModal() keeps focus off the page, but Tab may still leave for the browser's own toolbar;
  // wrapping at both ends keeps a keyboard user in the form until they close it.
  function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
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
      <div className="modal-box">
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
