import { useQueryClient } from '@tanstack/react-query';
import { texts, type Order } from '@tools-factory/contract';
import { useParams } from 'react-router';
import { useAuth } from '../../features/accounts/hooks/use-auth';
import { ordersQueryKey } from '../../features/orders/api/get-orders';
import { PaymentCheckout } from '../../features/payments/components/payment-checkout';

/**
 * /dashborad/orders/payment/{id}: the order's summary and card form. Composes accounts (the
 * payer's name and e-mail, which Stripe receives with the card), payments, and orders: once paid,
 * My Orders shows the order paid at once and asks the server again when it opens.
 */
export default function PaymentPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const queryClient = useQueryClient();

  function showPaidInMyOrders(paidOrder: Order) {
    queryClient.setQueriesData<Order[]>({ queryKey: ordersQueryKey }, (orders) =>
      orders?.map((order) => (order._id === paidOrder._id ? paidOrder : order)),
    );
    void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
  }

  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-6 text-2xl font-bold">{texts.payment.title}</h2>
      {user ? (
        <PaymentCheckout
          orderId={id}
          payer={{ name: user.name, email: user.email }}
          onPaid={showPaidInMyOrders}
        />
      ) : null}
    </section>
  );
}
