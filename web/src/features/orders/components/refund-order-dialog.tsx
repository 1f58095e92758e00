import {
  dollarsToCents,
  formatMoney,
  RefundOrderSchema,
  texts,
  type ManagedOrder,
} from '@tools-factory/contract';
import { useRef, useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { ManagedOrderSummary } from './managed-order-summary';
import { OrderFacts } from './order-facts';
import { leftToRefund } from './refund-amounts';

const words = texts.manageOrders.refund;

interface RefundOrderDialogProps {
  /** The order to refund part of; null: the dialog is closed. */
  order: ManagedOrder | null;
  busy: boolean;
  /** Refunds `amount` dollars of it; a refusal's message (the server's) shows in the dialog. */
  onRefund: (order: ManagedOrder, amount: number) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The amount typed, read as the server reads it (RefundOrderSchema: dollars, more than 0, whole
 * cents), and at most what is left of the line, in the server's own words for a larger one.
 */
function readAmount(typed: string, left: number): { amount: number } | { problem: string } {
  // '$1,250.00' as people write it reads as 1250.00.
  const parsed = RefundOrderSchema.safeParse({
    amount: typed.trim().replace(/^\$/, '').replaceAll(',', ''),
  });
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? '' };
  if (dollarsToCents(parsed.data.amount) > dollarsToCents(left)) {
    return { problem: texts.adminErrors.refundAboveLeft(formatMoney(left)) };
  }
  return { amount: parsed.data.amount };
}

/** The line's figures, the amount to give back, and Refund. */
function RefundForm({
  order,
  busy,
  onRefund,
  onClose,
}: Omit<RefundOrderDialogProps, 'order'> & { order: ManagedOrder }) {
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const left = leftToRefund(order);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setServerError(null);
    const read = readAmount(typed, left);
    if ('problem' in read) {
      setFieldError(read.problem);
      // The field says what is wrong (aria-describedby): the focus takes the admin back there.
      amountRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    try {
      await onRefund(order, read.amount);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <div>
        <ManagedOrderSummary order={order} />
      </div>
      <OrderFacts
        rows={[
          [words.lineTotal, formatMoney(order.total)],
          [words.refundedSoFar, formatMoney(order.refunded)],
          [words.left, <strong key="left">{formatMoney(left)}</strong>],
        ]}
      />
      <TextField
        ref={amountRef}
        label={words.amount}
        inputMode="decimal"
        autoComplete="off"
        value={typed}
        error={fieldError}
        disabled={busy}
        onChange={(event) => setTyped(event.target.value)}
      />
      <FormActions
        serverError={serverError}
        submitLabel={words.submit}
        cancelLabel={words.dismiss}
        busy={busy}
        onCancel={onClose}
      />
    </form>
  );
}

/**
 * Refund part (issue 42): gives back part of a paid line's amount, at most what is left of it
 * after earlier refunds, with a credit note; the line itself stays as it is. The line's total,
 * what went back so far and what is left are shown above the amount.
 */
export function RefundOrderDialog({ order, ...actions }: RefundOrderDialogProps) {
  return (
    <FormDialog
      open={order !== null}
      title={order ? words.title(order.reference) : ''}
      description={words.intro}
      closeLabel={texts.priceBreaks.close}
      busy={actions.busy}
      onClose={actions.onClose}
    >
      {order ? <RefundForm order={order} {...actions} /> : null}
    </FormDialog>
  );
}
