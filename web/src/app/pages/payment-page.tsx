import { useQueryClient } from '@tanstack/react-query';
import type { Order } from '@tools-factory/contract';
import { useParams } from 'react-router';
import { ordersQueryKey } from '../../features/orders/api/get-orders';
import { PaymentCheckout } from '../../features/payments/components/payment-checkout';
import { PaymentSection } from './payment-section';

/**
 * /dashborad/orders/payment/{id}: the order's summary and card form. Composes identity (the
 * payer's name and e-mail, which Stripe receives with the card), payments, and orders: once paid,
 * My Orders shows the order paid at once and asks the server again when it opens.
 */
export default function PaymentPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();

  function showPaidInMyOrders(paidOrder: Order) {
    queryClient.setQueriesData<Order[]>({ queryKey: ordersQueryKey }, (orders) =>
      orders?.map((order) => (order._id === paidOrder._id ? paidOrder : order)),
    );
    void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
  }

  return (
    <PaymentSection>
      {(payer) => <PaymentCheckout orderId={id} payer={payer} onPaid={showPaidInMyOrders} />}
    </PaymentSection>
  );
}
