import { routes, texts, type Order } from '@tools-factory/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useDeleteOrder } from '../api/delete-order';
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
 * says 'Delete success' and the list is asked for again.
 */
export function MyOrders({ email }: MyOrdersProps) {
  const orders = useOrders(email);
  const deleteOrder = useDeleteOrder();
  const [orderToRemove, setOrderToRemove] = useState<Order | null>(null);

  function removeOrder(order: Order) {
    deleteOrder.mutate(order._id, {
      onSuccess: ({ deletedCount }) => {
        if (deletedCount > 0) toast.success(texts.orders.deleteSuccess);
        setOrderToRemove(null);
      },
      onError: (error) => {
        toast.error(errorMessage(error));
        // Gone or paid meanwhile (404, 409): nothing left to confirm. Otherwise the customer
        // may try again from the same dialog.
        if (isApiError(error) && error.status >= 400 && error.status < 500) {
          setOrderToRemove(null);
        }
      },
    });
  }

  if (orders.isPending) return <Spinner />;
  if (orders.isError) {
    return <ErrorState message={orders.error.message} onRetry={() => void orders.refetch()} />;
  }
  if (orders.data.length === 0) {
    return (
      <div className="card bg-base-100 border-base-300 border shadow-sm">
        <div className="card-body items-center gap-4 text-center">
          <p className="text-lg font-semibold">{texts.orders.empty}</p>
          <Link to={`${routes.home}#tools`} className="btn btn-primary">
            {texts.orders.browseTools}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <>
      <OrdersTable orders={orders.data} onRemove={setOrderToRemove} />
      <RemoveOrderDialog
        order={orderToRemove}
        busy={deleteOrder.isPending}
        onConfirm={removeOrder}
        onCancel={() => setOrderToRemove(null)}
      />
    </>
  );
}
