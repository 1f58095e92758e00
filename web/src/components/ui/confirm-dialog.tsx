import { useEffect, useId, useRef, type ReactNode } from 'react';
import { BusyButton } from './busy-button';
import { keepFocusInside } from './keep-focus-inside';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What is about to happen, and to what. */
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button's colour: red (a destructive answer) unless told. */
  confirmClassName?: string | undefined;
  cancelLabel: string;
  /** While the confirmed action runs: a spinner on confirm, and the dialog cannot be dismissed. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal question with a destructive answer (daisyUI modal on the native <dialog>): the page
 * behind is inert, focus starts on the safe answer, stays inside while open (Tab wraps around)
 * and returns where it was when the dialog closes; Escape and a click outside cancel.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  confirmClassName = 'btn-error',
  cancelLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  function dismiss() {
    if (!busy) onCancel();
  }

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onKeyDown={keepFocusInside}
      // Escape: the parent decides whether the dialog closes (it stays while busy).
      onCancel={(event) => {
        event.preventDefault();
        dismiss();
      }}
      // Closed by the browser itself (it may close on a repeated Escape whatever the page says):
      // the parent learns the dialog is gone.
      onClose={() => {
        if (open) onCancel();
      }}
    >
      <div className="modal-box">
        <h3 id={titleId} className="text-lg font-bold">
          {title}
        </h3>
        <div id={bodyId} className="py-4">
          {children}
        </div>
        <div className="modal-action">
          <button
            ref={cancelRef}
            type="button"
            className="btn btn-ghost"
            disabled={busy}
            onClick={onCancel}
          >
            {cancelLabel}
          </button>
          <BusyButton busy={busy} className={confirmClassName} onClick={onConfirm}>
            {confirmLabel}
          </BusyButton>
        </div>
      </div>
      {/* The dimmed page around the box: a click there cancels (the cancel button is the keyboard's way). */}
      <div className="modal-backdrop" aria-hidden="true" onClick={dismiss} />
    </dialog>
  );
}
