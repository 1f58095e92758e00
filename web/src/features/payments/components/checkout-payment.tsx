import type { Checkout, Order } from '@tools-factory/contract';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { errorMessage } from '../../../lib/api-client';
import { usePaymentCheckout } from '../api/get-payment-checkout';
import type { Payer } from './card-form';
import { CheckoutPaymentPanel } from './checkout-payment-panel';
import { CheckoutSummary } from './checkout-summary';
import { isWorthRetrying, PaymentProblem } from './payment-problem';

interface CheckoutPaymentViewProps {
  checkout: Checkout;
  payer: Payer;
  /** The checkout is paid: whatever else shows its lines (My Orders) should show them paid. */
  onPaid: (paidLine: Order) => void;
}

/** Every line of the checkout beside the one card form that pays them all (issue 26). */
export function CheckoutPaymentView({ checkout, payer, onPaid }: CheckoutPaymentViewProps) {
  return (
    <div className="grid max-w-5xl items-start gap-6 lg:grid-cols-[3fr_2fr]">
      <CheckoutSummary checkout={checkout} />
      <CheckoutPaymentPanel checkout={checkout} payer={payer} onPaid={onPaid} />
    </div>
  );
}

interface CheckoutPaymentProps {
  checkoutId: string;
  payer: Payer;
  onPaid: (paidLine: Order) => void;
}

/**
 * The checkout payment page's content: the caller's checkout, or in words why not (404: not
 * theirs), or a Retry when it could not be read.
 */
export function CheckoutPayment({ checkoutId, payer, onPaid }: CheckoutPaymentProps) {
  const checkout = usePaymentCheckout(checkoutId);
  return (
    <QueryBoundary
      query={checkout}
      renderError={(error) =>
        isWorthRetrying(error) ? undefined : (
          <div className="max-w-xl">
            <PaymentProblem message={errorMessage(error)} />
          </div>
        )
      }
    >
      {(found) => <CheckoutPaymentView checkout={found} payer={payer} onPaid={onPaid} />}
    </QueryBoundary>
  );
}
