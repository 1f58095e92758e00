import { texts } from '@tools-factory/contract';
import type { FormEvent } from 'react';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormError } from '../../../components/ui/form-error';
import { TextField, type TextFieldProps } from '../../../components/ui/text-field';
import { confirmTestCard } from '../api/confirm-test-card';
import { formatCardNumber, formatCvc, formatExpiry } from '../card-format';
import { useFormattedValue } from '../hooks/use-formatted-value';
import type { CardFormProps } from './card-form';

// How browsers know the fields, to fill them from a saved card.
const cardNumberAutofill = {
  name: 'cardnumber',
  autoComplete: 'cc-number',
  placeholder: '1234 1234 1234 1234',
  spellCheck: false,
};
const expiryAutofill = { name: 'exp-date', autoComplete: 'cc-exp', placeholder: 'MM / YY' };
const cvcAutofill = { name: 'cvc', autoComplete: 'cc-csc', placeholder: '123' };

/** A figure of the card: the numeric keypad on a phone. */
function CardField(props: TextFieldProps) {
  return <TextField inputMode="numeric" {...props} />;
}

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
      <CardField label={texts.payment.cardNumber} {...cardNumberAutofill} {...cardNumber} />
      <div className="grid grid-cols-2 gap-4">
        <CardField label={texts.payment.expiry} {...expiryAutofill} {...expiry} />
        <CardField label={texts.payment.cvc} {...cvcAutofill} {...cvc} />
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
      <FormError message={error} takeFocus />
    </form>
  );
}
