import { texts } from '@tools-factory/contract';
import type { FormEvent } from 'react';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { confirmTestCard } from '../api/confirm-test-card';
import { formatCardNumber, formatCvc, formatExpiry } from '../card-format';
import { useFormattedValue } from '../hooks/use-formatted-value';
import type { CardFormProps } from './card-form';

/**
 * The built-in test gateway's card form: number, expiry and CVC, confirmed through our server
 * (which answers with Stripe's test-mode outcomes and words). It is ready as soon as it shows;
 * Pay waits for the intent's client secret.
 */
export function TestCardForm({ clientSecret, paying, error, onPay }: CardFormProps) {
  const cardNumber = useFormattedValue(formatCardNumber);
  const expiry = useFormattedValue(formatExpiry);
  const cvc = useFormattedValue(formatCvc);

  function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (clientSecret === null || paying) return;
    onPay(async () => {
      const confirmed = await confirmTestCard({
        clientSecret,
        cardNumber: cardNumber.value,
        expiry: expiry.value,
        cvc: cvc.value,
      });
      return confirmed.transectionId;
    });
  }

  return (
    <form noValidate onSubmit={pay} className="flex flex-col gap-4">
      <TextField
        label={texts.payment.cardNumber}
        name="cardnumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        spellCheck={false}
        {...cardNumber}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={texts.payment.expiry}
          name="exp-date"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          {...expiry}
        />
        <TextField
          label={texts.payment.cvc}
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          {...cvc}
        />
      </div>
      <p className="text-base-content/70 text-sm">{texts.payment.testCardHint}</p>
      <BusyButton
        type="submit"
        busy={paying}
        disabled={clientSecret === null}
        className="btn-primary w-full"
      >
        {paying ? texts.payment.paying : texts.payment.pay}
      </BusyButton>
      <FormError message={error} />
    </form>
  );
}
