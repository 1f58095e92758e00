import type { Order } from '@tools-factory/contract';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { errorMessage } from '../../../lib/api-client';
import { usePaymentOrder } from '../api/get-payment-order';
import type { Payer } from './card-form';
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
      {(found) => (
        <div className="grid max-w-4xl items-start gap-6 lg:grid-cols-2">
          <OrderSummary order={found} />
          <PaymentPanel order={found} payer={payer} onPaid={onPaid} />
        </div>
      )}
    </QueryBoundary>
  );
}
