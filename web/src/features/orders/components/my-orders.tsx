import { routes, texts, type Order } from '@tools-factory/contract';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useConfirmedRemoval } from '../../../lib/use-confirmed-removal';
import { useDeleteOrder } from '../api/delete-order';
import { useDownloadCreditNote } from '../api/download-credit-note';
import { useDownloadInvoice } from '../api/download-invoice';
import { useOrders } from '../api/get-orders';
import { OrdersTable } from './orders-table';
import { RemoveOrderDialog } from './remove-order-dialog';

interface MyOrdersProps {
  /** The signed-in customer's e-mail: the server lists only one's own orders. */
  email: string;
}

/**
 * My Orders: a spinner, the readable failure, an invitation to order when there is nothing yet,
 * or the table. Remove asks first (a modal with the order's name); Delete removes the order,
 * says 'Delete success' and the list is asked for again. A paid or shipped order's Invoice
 * downloads its PDF; a failure is told in the server's words.
 */
export function MyOrders({ email }: MyOrdersProps) {
  const orders = useOrders(email);
  // Gone or paid meanwhile (404, 409) closes the question; no answer leaves it to try again.
  const removal = useConfirmedRemoval({
    mutation: useDeleteOrder(),
    keyOf: (order: Order) => order._id,
    removedText: texts.orders.deleteSuccess,
  });
  const invoice = useDownloadInvoice();
  const creditNote = useDownloadCreditNote();

  function downloadInvoice(order: Order) {
    invoice.mutate(order, { onError: (error) => toast.error(errorMessage(error)) });
  }

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
              onDownloadInvoice={downloadInvoice}
              downloadingInvoiceId={invoice.isPending ? (invoice.variables?._id ?? null) : null}
              onDownloadCreditNote={(order) =>
                creditNote.mutate(order, { onError: (error) => toast.error(errorMessage(error)) })
              }
              downloadingCreditNoteId={
                creditNote.isPending ? (creditNote.variables?._id ?? null) : null
              }
            />
            <RemoveOrderDialog
              order={removal.itemToRemove}
              busy={removal.busy}
              onConfirm={removal.confirm}
              onCancel={removal.cancel}
            />
          </>
        )
      }
    </QueryBoundary>
  );
}
