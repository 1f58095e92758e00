import { texts, type ManagedOrder } from '@tools-factory/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useDeleteManagedOrder } from '../api/delete-managed-order';
import { useManagedOrders } from '../api/get-managed-orders';
import { useShipOrder } from '../api/ship-order';
import { ManagedOrdersTable } from './managed-orders-table';
import { RemoveManagedOrderDialog } from './remove-managed-order-dialog';

/**
 * Manage Orders: every order, newest first. Ship sends a paid order on its way at once (nothing
 * is lost by it, so no question first) and says so; Remove asks first, then removes an unpaid
 * order, whose quantity goes back on sale, and says 'Delete success'.
 */
export function ManageOrders() {
  const orders = useManagedOrders();
  const shipOrder = useShipOrder();
  const deleteOrder = useDeleteManagedOrder();
  const [orderToRemove, setOrderToRemove] = useState<ManagedOrder | null>(null);

  function ship(order: ManagedOrder) {
    shipOrder.mutate(order._id, {
      onSuccess: (shipped) =>
        toast.success(texts.manageOrders.shipSuccess(shipped.name, shipped.email)),
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  function removeOrder(order: ManagedOrder) {
    deleteOrder.mutate(order._id, {
      onSuccess: ({ deletedCount }) => {
        if (deletedCount > 0) toast.success(texts.orders.deleteSuccess);
        setOrderToRemove(null);
      },
      onError: (error) => {
        toast.error(errorMessage(error));
        // Gone meanwhile (404) or refused: nothing left to confirm. Otherwise (no answer, 5xx)
        // the admin may try again from the same dialog.
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
        <div className="card-body items-center text-center">
          <p className="text-lg font-semibold">{texts.manageOrders.empty}</p>
        </div>
      </div>
    );
  }
  return (
    <>
      <ManagedOrdersTable
        orders={orders.data}
        shippingId={shipOrder.isPending ? (shipOrder.variables ?? null) : null}
        onShip={ship}
        onRemove={setOrderToRemove}
      />
      <RemoveManagedOrderDialog
        order={orderToRemove}
        busy={deleteOrder.isPending}
        onConfirm={removeOrder}
        onCancel={() => setOrderToRemove(null)}
      />
    </>
  );
}
