import { texts } from '@tools-factory/contract';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { OrderAgainButton } from '../../features/cart/components/order-again-button';
import { MyOrders } from '../../features/orders/components/my-orders';

/** /dashborad/orders: the signed-in account's orders, a page of checkouts at a time (issue 43). */
export default function MyOrdersPage() {
  const { user } = useAuth();
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-6 text-2xl font-bold">{texts.orders.title}</h2>
      {user ? <MyOrders orderAgain={(target) => <OrderAgainButton {...target} />} /> : null}
    </section>
  );
}
