import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeCardElementOptions } from '@stripe/stripe-js';
import { texts } from '@tools-factory/contract';
import { use, useState, type FormEvent } from 'react';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormError } from '../../../components/ui/form-error';
import type { CardFormProps } from './card-form';

// Stripe.js once per key for the whole visit (Stripe asks for one instance, made outside
// render). A script that cannot load resolves to null: the form says so instead of waiting.
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => null);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

// The card field lives in Stripe's iframe, out of reach of our CSS: the theme's base-content and
// error colours (index.css) written out as Stripe reads them.
const cardElementOptions: StripeCardElementOptions = {
  hidePostalCode: true,
  style: {
    base: { color: '#1e293b', fontSize: '16px', '::placeholder': { color: '#64748b' } },
    invalid: { color: '#dc2626', iconColor: '#dc2626' },
  },
};

function StripeCardFields({ clientSecret, payer, paying, error, onPay }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  // What Stripe's field says while the card is typed (incomplete, invalid ...), in its words.
  const [typingError, setTypingError] = useState<string | null>(null);

  function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Not named card: Tailwind scans this file, and would read its negation as the important
    // variant of daisyUI's card class and ship that CSS to every page.
    const cardField = elements?.getElement(CardElement);
    if (!stripe || !cardField || clientSecret === null || paying) return;
    onPay(async () => {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: {
          card: cardField,
          billing_details: { name: payer.name, email: payer.email },
        },
      });
      if (result.error) throw new Error(result.error.message ?? texts.paymentErrors.notSucceeded);
      if (result.paymentIntent.status !== 'succeeded') {
        throw new Error(texts.paymentErrors.notSucceeded);
      }
      return result.paymentIntent.id;
    });
  }

  return (
    <form noValidate onSubmit={pay} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <span className="text-sm font-semibold">{texts.payment.cardDetails}</span>
        <div className="input w-full">
          <CardElement
            className="w-full"
            options={cardElementOptions}
            onReady={() => setReady(true)}
            onChange={(change) => setTypingError(change.error?.message ?? null)}
          />
        </div>
      </div>
      <BusyButton
        type="submit"
        busy={paying}
        disabled={!ready || !stripe || clientSecret === null}
        className="btn-primary w-full"
      >
        {paying ? texts.payment.paying : texts.payment.pay}
      </BusyButton>
      {/* A declined card takes the focus; a typing error never does (it would leave the field). */}
      <FormError message={typingError ?? error} takeFocus={!typingError} />
    </form>
  );
}

interface StripeCardFormProps extends CardFormProps {
  publishableKey: string;
}

/**
 * The card form of the stripe gateway: Stripe Elements' card field, confirmed with Stripe.js.
 * Loaded lazily by the payment panel only when the server uses Stripe, so Stripe.js and these
 * packages reach no other page (docs/architecture.md#payments).
 */
export default function StripeCardForm({ publishableKey, ...formProps }: StripeCardFormProps) {
  const stripe = use(stripeFor(publishableKey));
  if (!stripe) return <FormError message={texts.payment.cardFormUnavailable} />;
  return (
    <Elements stripe={stripe}>
      <StripeCardFields {...formProps} />
    </Elements>
  );
}
