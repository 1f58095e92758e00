import {
  BANK_REFERENCE_MAX_LENGTH,
  formatMoney,
  RecordInvoicePaymentSchema,
  texts,
  todayUtc,
  type Receivable,
  type RecordInvoicePayment,
  type RecordInvoicePaymentInput,
} from '@tools-factory/contract';
import { DialogForm } from '../../../components/ui/dialog-form';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useSendingForm } from '../../../lib/use-sending-form';

const words = texts.receivables.page;

/** The invoice a payment is recorded against, and whose it is. */
export interface PaymentTarget {
  invoice: Receivable;
  legalName: string;
}

interface PaymentFormProps {
  target: PaymentTarget;
  busy: boolean;
  onSend: (payment: RecordInvoicePayment) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The day it arrived (today by default, in UTC as the server counts days: never later), the
 * amount (what is open by default) and the bank's reference, checked by the contract's own
 * schema. A refusal (409: more than what is open) shows above the buttons; what was typed stays.
 */
function PaymentForm({ target, busy, onSend, onCancel }: PaymentFormProps) {
  const today = todayUtc(new Date());
  const sending = useSendingForm<RecordInvoicePaymentInput, RecordInvoicePayment>(
    RecordInvoicePaymentSchema,
    { receivedOn: today, amount: target.invoice.open.toFixed(2), bankReference: '' },
    onSend,
  );
  const { errors } = sending.form.formState;
  return (
    <DialogForm
      sending={sending}
      submitLabel={words.record}
      cancelLabel={words.cancel}
      busy={busy}
      onCancel={onCancel}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={words.receivedOn}
          hint={words.receivedOnHint}
          type="date"
          max={today}
          aria-required="true"
          error={errors.receivedOn?.message}
          {...sending.form.register('receivedOn')}
        />
        <TextField
          label={words.amount}
          hint={words.amountHint}
          inputMode="decimal"
          autoComplete="off"
          aria-required="true"
          error={errors.amount?.message}
          {...sending.form.register('amount')}
        />
      </div>
      <TextField
        label={words.bankReference}
        hint={words.bankReferenceHint}
        autoComplete="off"
        maxLength={BANK_REFERENCE_MAX_LENGTH}
        aria-required="true"
        error={errors.bankReference?.message}
        {...sending.form.register('bankReference')}
      />
    </DialogForm>
  );
}

interface RecordPaymentDialogProps {
  /** The invoice to record a payment against; null: the dialog is closed. */
  target: PaymentTarget | null;
  busy: boolean;
  onSend: (target: PaymentTarget, payment: RecordInvoicePayment) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Record payment: which invoice, what is open of it, and the payment's day, amount and bank
 * reference. Escape and Close dismiss it with nothing recorded; a click outside does not.
 */
export function RecordPaymentDialog({ target, busy, onSend, onClose }: RecordPaymentDialogProps) {
  return (
    <FormDialog
      open={target !== null}
      title={target ? words.dialogTitle(target.invoice.number) : ''}
      description={
        target ? words.dialogDescription(target.legalName, formatMoney(target.invoice.open)) : ''
      }
      closeLabel={words.close}
      busy={busy}
      onClose={onClose}
    >
      {target ? (
        <PaymentForm
          target={target}
          busy={busy}
          onSend={(payment) => onSend(target, payment)}
          onCancel={onClose}
        />
      ) : null}
    </FormDialog>
  );
}
