import { BusyButton } from './busy-button';
import { FormError } from './form-error';

interface FormActionsProps {
  /** The server's refusal, in red above the buttons; nothing when none. */
  serverError: string | null;
  submitLabel: string;
  cancelLabel: string;
  busy: boolean;
  onCancel: () => void;
}

/** The end of a dialog's form: the server's refusal, then cancel and send (or save). */
export function FormActions({
  serverError,
  submitLabel,
  cancelLabel,
  busy,
  onCancel,
}: FormActionsProps) {
  return (
    <>
      <FormError message={serverError} />
      <div className="modal-action mt-2 flex-col-reverse gap-2 sm:flex-row">
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={onCancel}>
          {cancelLabel}
        </button>
        <BusyButton type="submit" busy={busy} className="btn-primary">
          {submitLabel}
        </BusyButton>
      </div>
    </>
  );
}
