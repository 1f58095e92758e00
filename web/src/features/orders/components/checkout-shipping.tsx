import {
  isPayable,
  SetCheckoutShippingSchema,
  texts,
  type ManagedCheckout,
} from '@tools-factory/contract';
import { useState } from 'react';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { formatShipping } from '../../../lib/format';
import { useSendingForm } from '../../../lib/use-sending-form';
import { useSetCheckoutShipping } from '../api/set-checkout-shipping';
import { OrderCard } from './order-card';
import { OrderFacts } from './order-facts';
import { RefundedNote } from './refunded-note';

const words = texts.shipping.admin;

/** The quote an admin types (0 for free), checked by the contract's rule, then sent. */
function QuoteShippingForm({
  checkoutId,
  onSet,
}: {
  checkoutId: string;
  /** The shipping is set: the amount it was set to. */
  onSet: (amount: number) => void;
}) {
  const setShipping = useSetCheckoutShipping();
  const { form, serverError, onSubmit } = useSendingForm(
    SetCheckoutShippingSchema,
    { amount: '' },
    async (values) => {
      const checkout = await setShipping.mutateAsync({ checkoutId, shipping: values });
      onSet(checkout.shipping ?? values.amount);
    },
  );
  const sending = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={onSubmit} aria-label={words.title} className="flex flex-col gap-3">
      <p className="text-sm">{words.toQuote}</p>
      <TextField
        label={words.amount}
        inputMode="decimal"
        autoComplete="off"
        aria-required="true"
        error={form.formState.errors.amount?.message}
        {...form.register('amount')}
      />
      <FormError message={serverError} />
      <BusyButton type="submit" busy={sending} className="btn-primary btn-sm self-start">
        {sending ? words.setting : words.set}
      </BusyButton>
    </form>
  );
}

/**
 * A checkout's shipping on its admin page (issue 42): what it is charged and what of it went
 * back; while it waits for a quote and is unpaid, the form that sets it, and once set, so said.
 */
export function CheckoutShipping({ checkout }: { checkout: ManagedCheckout }) {
  const [setTo, setSetTo] = useState<number | null>(null);
  const toQuote =
    checkout.shipping === null && checkout.lines.some((line) => isPayable(line.status));
  return (
    <OrderCard title={words.title}>
      {toQuote ? (
        <QuoteShippingForm checkoutId={checkout._id} onSet={setSetTo} />
      ) : (
        <OrderFacts
          rows={[
            [
              texts.shipping.line,
              <span key="shipping" className="tabular-nums">
                {formatShipping(checkout.shipping)}
                <RefundedNote refunded={checkout.shippingRefunded} />
              </span>,
            ],
          ]}
        />
      )}
      <p role="status" className="text-success text-sm font-semibold">
        {setTo === null ? null : words.done(setTo)}
      </p>
    </OrderCard>
  );
}
