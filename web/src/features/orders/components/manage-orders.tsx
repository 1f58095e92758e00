import { formatMoney, texts, type ManagedOrder } from '@tools-factory/contract';
import { useState } from 'react';
import { BusyButton } from '../../../components/ui/busy-button';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useConfirmedRemoval } from '../../../lib/use-confirmed-removal';
import { useCancelOrder } from '../api/cancel-order';
import { useDeleteManagedOrder, type StockReturnedOptions } from '../api/delete-order';
import { useExportOrdersCsv } from '../api/export-orders-csv';
import { useManagedOrders } from '../api/get-managed-orders';
import { useShipOrder } from '../api/ship-order';
import { useOrderDocuments } from '../hooks/use-order-documents';
import { ManagedOrdersTable } from './managed-orders-table';
import { CancelOrderDialog } from './cancel-order-dialog';
import { RemoveManagedOrderDialog } from './remove-managed-order-dialog';

/**
 * Manage Orders: every order, newest first. Ship sends a paid order on its way at once (nothing
 * is lost by it, so no question first) and says so; Remove asks first, then removes an unpaid
 * order, whose quantity goes back on sale, and says 'Delete success'. Export CSV downloads every
 * order as a spreadsheet file; Invoice, a paid order's invoice PDF. Cancel asks first, naming
 * the amount refunded, then cancels a paid order (refund, credit note) and says so; a cancelled
 * order's Credit note downloads its PDF. `onStockReturned` refreshes what a removal's returned
 * stock changes beyond the orders (the page hands in the catalog's refresh).
 */
export function ManageOrders({ onStockReturned }: StockReturnedOptions) {
  const orders = useManagedOrders();
  const shipOrder = useShipOrder();
  const exportCsv = useExportOrdersCsv();
  const documents = useOrderDocuments();
  const cancelOrder = useCancelOrder();
  /** The order whose Cancel asks for confirmation; null when none does. */
  const [toCancel, setToCancel] = useState<ManagedOrder | null>(null);
  const removal = useConfirmedRemoval({
    mutation: useDeleteManagedOrder({ onStockReturned }),
    keyOf: (order: ManagedOrder) => order._id,
    removedText: texts.orders.deleteSuccess,
  });

  function ship(order: ManagedOrder) {
    shipOrder.mutate(order._id, {
      onSuccess: (shipped) =>
        toast.success(texts.manageOrders.shipSuccess(shipped.name, shipped.email)),
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  function confirmCancel(order: ManagedOrder) {
    cancelOrder.mutate(order._id, {
      onSuccess: ({ order: cancelled, creditNote: note }) => {
        setToCancel(null);
        toast.success(
          texts.manageOrders.cancelSuccess(
            cancelled.reference,
            formatMoney(note.amount),
            note.number,
          ),
        );
      },
      onError: (error) => {
        setToCancel(null);
        toast.error(errorMessage(error));
      },
    });
  }

  return (
    <QueryBoundary query={orders}>
      {(list) =>
        list.length === 0 ? (
          <EmptyState message={texts.manageOrders.empty} />
        ) : (
          <>
            <div className="mb-4 flex justify-end">
              <BusyButton
                busy={exportCsv.isPending}
                className="btn-outline btn-sm max-md:w-full"
                onClick={() =>
                  exportCsv.mutate(undefined, {
                    onError: (error) => toast.error(errorMessage(error)),
                  })
                }
              >
                {texts.manageOrders.exportCsv}
              </BusyButton>
            </div>
            <ManagedOrdersTable
              orders={list}
              shippingId={shipOrder.isPending ? (shipOrder.variables ?? null) : null}
              onShip={ship}
              onRemove={removal.ask}
              onCancel={setToCancel}
              {...documents}
            />
            <CancelOrderDialog
              order={toCancel}
              busy={cancelOrder.isPending}
              onConfirm={confirmCancel}
              onCancel={() => setToCancel(null)}
            />
            <RemoveManagedOrderDialog removal={removal} />
          </>
        )
      }
    </QueryBoundary>
  );
}
