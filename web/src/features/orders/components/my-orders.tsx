import { MY_CHECKOUTS_PAGE_SIZE, routes, texts, type Order } from '@tools-factory/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { useConfirmedRemoval } from '../../../lib/use-confirmed-removal';
import { useKeysetPages } from '../../../lib/use-keyset-pages';
import { useDeleteOrder } from '../api/delete-order';
import { useCheckoutsPage } from '../api/get-checkouts-page';
import { useOrderDocuments } from '../hooks/use-order-documents';
import { OrdersTable, type OrderAgainTarget } from './orders-table';
import { RemoveOrderDialog } from './remove-order-dialog';

interface MyOrdersProps {
  /** Order again's button, from the cart (the page composes the two features). */
  orderAgain?: (target: OrderAgainTarget) => ReactNode;
}

/**
 * My Orders: a spinner, the readable failure, an invitation to order when there is nothing yet,
 * or the table. Remove asks first (a modal with the order's name); Delete removes the order,
 * says 'Delete success' and the list is asked for again. A paid or shipped order's Invoice
 * downloads its PDF; a failure is told in the server's words. Issue 43: a page of checkouts at a
 * time (GET /checkouts/page, MY_CHECKOUTS_PAGE_SIZE), their lines and their shipping (issue 42)
 * together, with Previous and Next under them; the server reads only the caller's own.
 */
export function MyOrders({ orderAgain }: MyOrdersProps) {
  const pages = useKeysetPages({});
  const page = useCheckoutsPage(pages.after);
  // Gone or paid meanwhile (404, 409) closes the question; no answer leaves it to try again.
  const removal = useConfirmedRemoval({
    mutation: useDeleteOrder(),
    keyOf: (order: Order) => order._id,
    removedText: texts.orders.deleteSuccess,
  });
  const documents = useOrderDocuments();

  return (
    <QueryBoundary query={page}>
      {({ checkouts, total, next }) =>
        checkouts.length === 0 && pages.page === 1 ? (
          <EmptyState message={texts.orders.empty}>
            <Link to={`${routes.home}#tools`} className="btn btn-primary">
              {texts.orders.browseTools}
            </Link>
          </EmptyState>
        ) : (
          <>
            <OrdersTable
              orders={checkouts.flatMap((checkout) => checkout.lines)}
              onRemove={removal.ask}
              orderAgain={orderAgain}
              shippingCharges={new Map(checkouts.map((checkout) => [checkout._id, checkout]))}
              {...documents}
            />
            <Pager
              page={pages.page}
              pages={Math.max(1, Math.ceil(total / MY_CHECKOUTS_PAGE_SIZE))}
              hasNext={next !== null}
              onNext={() => next !== null && pages.next(next)}
              onPrevious={pages.previous}
            />
            <RemoveOrderDialog removal={removal} />
          </>
        )
      }
    </QueryBoundary>
  );
}
