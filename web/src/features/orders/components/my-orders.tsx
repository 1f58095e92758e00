import { routes, texts, type Order } from '@tools-factory/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { useConfirmedRemoval } from '../../../lib/use-confirmed-removal';
import { useDeleteOrder } from '../api/delete-order';
import { useCheckouts } from '../api/get-checkouts';
import { useOrders } from '../api/get-orders';
import { useOrderDocuments } from '../hooks/use-order-documents';
import { OrdersTable, type OrderAgainTarget } from './orders-table';
import { RemoveOrderDialog } from './remove-order-dialog';

interface MyOrdersProps {
  /** The signed-in customer's e-mail: the server lists only one's own orders. */
  email: string;
  /** Order again's button, from the cart (the page composes the two features). */
  orderAgain?: (target: OrderAgainTarget) => ReactNode;
  /** The viewer buys (not an admin, who is refused the checkouts): their shipping is shown. */
  buyer?: boolean;
}

/**
 * My Orders: a spinner, the readable failure, an invitation to order when there is nothing yet,
 * or the table. Remove asks first (a modal with the order's name); Delete removes the order,
 * says 'Delete success' and the list is asked for again. A paid or shipped order's Invoice
 * downloads its PDF; a failure is told in the server's words. Each checkout's shipping (issue 42)
 * comes from the checkouts, asked for beside the orders: without them the list shows all the same.
 */
export function MyOrders({ email, orderAgain, buyer = true }: MyOrdersProps) {
  const orders = useOrders(email);
  const checkouts = useCheckouts(buyer && (orders.data?.length ?? 0) > 0);
  const shippingCharges = checkouts.data
    ? new Map(checkouts.data.map((checkout) => [checkout._id, checkout]))
    : undefined;
  // Gone or paid meanwhile (404, 409) closes the question; no answer leaves it to try again.
  const removal = useConfirmedRemoval({
    mutation: useDeleteOrder(),
    keyOf: (order: Order) => order._id,
    removedText: texts.orders.deleteSuccess,
  });
  const documents = useOrderDocuments();

  return (
    <QueryBoundary query={orders}>
      {(list) =>
        list.length === 0 ? (
          <EmptyState message={texts.orders.empty}>
            <Link to={`${routes.home}#tools`} className="btn btn-primary">
              {texts.orders.browseTools}
            </Link>
          </EmptyState>
        ) : (
          <>
            <OrdersTable
              orders={list}
              onRemove={removal.ask}
              orderAgain={orderAgain}
              shippingCharges={shippingCharges}
              {...documents}
            />
            <RemoveOrderDialog removal={removal} />
          </>
        )
      }
    </QueryBoundary>
  );
}
