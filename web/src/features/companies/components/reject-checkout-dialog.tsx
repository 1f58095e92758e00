import { RejectCheckoutSchema, texts, type PendingApproval } from '@tools-factory/contract';
import { DialogForm } from '../../../components/ui/dialog-form';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useSendingForm } from '../../../lib/use-sending-form';

const words = texts.company;

interface RejectFormProps {
  approval: PendingApproval;
  busy: boolean;
  /** Sends the reason; a refusal's message (the server's) shows above the buttons. */
  onSend: (reason: string) => Promise<unknown>;
  onCancel: () => void;
}

/** The reason, required (the contract's rule), told to the buyer in their e-mail. */
function RejectForm({ approval, busy, onSend, onCancel }: RejectFormProps) {
  const sending = useSendingForm(RejectCheckoutSchema, { reason: '' }, ({ reason }) =>
    onSend(reason),
  );
  const { errors } = sending.form.formState;
  return (
    <DialogForm
      sending={sending}
      submitLabel={words.reject}
      cancelLabel={words.cancel}
      busy={busy}
      onCancel={onCancel}
    >
      <p className="text-sm">
        <span className="font-mono font-semibold">{approval.reference}</span>
        {' · '}
        {approval.buyer.name || approval.buyer.email}
      </p>
      <TextAreaField
        label={words.rejectReason}
        rows={3}
        maxLength={500}
        aria-required="true"
        error={errors.reason?.message}
        {...sending.form.register('reason')}
      />
    </DialogForm>
  );
}

interface RejectCheckoutDialogProps {
  /** The checkout to reject; null: the dialog is closed. */
  approval: PendingApproval | null;
  busy: boolean;
  onSend: (approval: PendingApproval, reason: string) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * Reject an order: which checkout, and the reason its buyer reads. Escape and Close dismiss it
 * without a word sent; a click outside does not, so what was typed is not lost.
 */
export function RejectCheckoutDialog({
  approval,
  busy,
  onSend,
  onCancel,
}: RejectCheckoutDialogProps) {
  return (
    <FormDialog
      open={approval !== null}
      title={words.rejectTitle}
      closeLabel={words.close}
      busy={busy}
      onClose={onCancel}
    >
      {approval ? (
        <RejectForm
          approval={approval}
          busy={busy}
          onSend={(reason) => onSend(approval, reason)}
          onCancel={onCancel}
        />
      ) : null}
    </FormDialog>
  );
}
