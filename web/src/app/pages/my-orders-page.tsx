import { texts } from '@tools-factory/contract';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { useIsAdmin } from '../../features/identity/api/get-admin';
import { OrderAgainButton } from '../../features/cart/components/order-again-button';
import { MyOrders } from '../../features/orders/components/my-orders';

/** /dashborad/orders: the signed-in customer's orders (identity gives the e-mail, orders the list). */
export default function MyOrdersPage() {
  const { user } = useAuth();
  // An admin's own (no) orders: no checkouts asked for, which admins are refused.
  const isAdmin = useIsAdmin(user?.email);
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-6 text-2xl font-bold">{texts.orders.title}</h2>
      {user ? (
        <MyOrders
          email={user.email}
          buyer={isAdmin === false}
          orderAgain={(target) => <OrderAgainButton {...target} />}
        />
      ) : null}
    </section>
  );
}
