import type { FormEvent, ReactNode } from 'react';
import { FormActions } from './form-actions';

/** What a dialog gives the form inside it. */
export interface FormInDialogProps<TValues> {
  /** Sends the form's values; a rejection's message (the server's) shows above the buttons. */
  onSend: (values: TValues) => Promise<unknown>;
  onCancel: () => void;
  busy: boolean;
}

interface DialogFormProps {
  /** The form's sending state (useSendingForm): its submit handler and the server's refusal. */
  sending: { onSubmit: (event: FormEvent<HTMLFormElement>) => void; serverError: string | null };
  submitLabel: string;
  cancelLabel: string;
  busy: boolean;
  onCancel: () => void;
  /** The fields. */
  children: ReactNode;
}

/**
 * The form of a dialog (inside FormDialog): the fields, checked by the form's own rules rather
 * than the browser's, then the server's refusal and the cancel and send buttons.
 */
export function DialogForm({
  sending: { onSubmit, serverError },
  children,
  ...actions
}: DialogFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {children}
      <FormActions serverError={serverError} {...actions} />
    </form>
  );
}
