import type { Order } from '@tools-factory/contract';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { saysTax } from '../../../lib/tax';
import { usePaymentCheckout } from '../api/get-payment-checkout';
import { usePaymentOrder } from '../api/get-payment-order';
import type { Payer } from './card-form';
import { CheckoutPaymentView } from './checkout-payment';
import { OrderSummary } from './order-summary';
import { PaymentPanel } from './payment-panel';
import { isWorthRetrying, PaymentProblem } from './payment-problem';

interface PaymentCheckoutProps {
  orderId: string;
  payer: Payer;
  /** The order is paid: whatever else shows it (My Orders) should show it paid. */
  onPaid: (paidOrder: Order) => void;
}

/**
 * The payment page's content (SPEC.md section 2): the order summary beside the card form. An
 * order that is not the caller's (404) is said in words with the way back; one that could not be
 * read (no answer, 5xx) can be asked for again.
 */
export function PaymentCheckout({ orderId, payer, onPaid }: PaymentCheckoutProps) {
  const order = usePaymentOrder(orderId);
  return (
    <QueryBoundary
      query={order}
      // The server's final word (404: not the caller's order): said, with the way back.
      renderError={(error) =>
        isWorthRetrying(error) ? undefined : (
          <div className="max-w-xl">
            <PaymentProblem message={errorMessage(error)} />
          </div>
        )
      }
    >
      {(found) => <OrderOrItsCheckout order={found} payer={payer} onPaid={onPaid} />}
    </QueryBoundary>
  );
}

/**
 * The order alone, or, when it is a line of a checkout of several (issue 26), of one that
 * charges shipping (issue 42) or of one whose tax is said (issue 45), the whole checkout: its
 * lines and shipping are paid together, with one payment (the order's own intent would ask for
 * the order's total alone, which the server refuses once shipping is charged), and its summary
 * says the tax (added on top, within the total, or reverse charged), which the order's does not.
 * A checkout that cannot be read leaves the order's own page, which the server pays as the
 * checkout all the same.
 */
function OrderOrItsCheckout({
  order,
  payer,
  onPaid,
}: { order: Order } & Omit<PaymentCheckoutProps, 'orderId'>) {
  const checkout = usePaymentCheckout(order.checkoutId);
  if (checkout.isPending) return <Spinner />;
  // Read defensively: anything but a checkout's lines leaves the order's own page.
  const lines: unknown = checkout.data?.lines;
  const shipping: unknown = checkout.data?.shipping;
  const chargesShipping = shipping === null || (typeof shipping === 'number' && shipping !== 0);
  const tax = checkout.data?.tax;
  const showsTax = tax !== undefined && saysTax(tax);
  if (checkout.data && Array.isArray(lines) && (lines.length > 1 || chargesShipping || showsTax)) {
    return <CheckoutPaymentView checkout={checkout.data} payer={payer} onPaid={onPaid} />;
  }
  return (
    <div className="grid max-w-4xl items-start gap-6 lg:grid-cols-2">
      <OrderSummary order={order} />
      <PaymentPanel order={order} payer={payer} onPaid={onPaid} />
    </div>
  );
}
