import { texts, type ManagedOrder } from '@tools-factory/contract';
import { BusyButton } from '../../../components/ui/busy-button';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useConfirmedRemoval } from '../../../lib/use-confirmed-removal';
import { useDeleteManagedOrder } from '../api/delete-managed-order';
import { useDownloadOrderInvoice } from '../api/download-order-invoice';
import { useExportOrdersCsv } from '../api/export-orders-csv';
import { useManagedOrders } from '../api/get-managed-orders';
import { useShipOrder } from '../api/ship-order';
import { ManagedOrdersTable } from './managed-orders-table';
import { RemoveManagedOrderDialog } from './remove-managed-order-dialog';

/**
 * Manage Orders: every order, newest first. Ship sends a paid order on its way at once (nothing
 * is lost by it, so no question first) and says so; Remove asks first, then removes an unpaid
 * order, whose quantity goes back on sale, and says 'Delete success'. Export CSV downloads every
 * order as a spreadsheet file; Invoice, a paid order's invoice PDF.
 */
export function ManageOrders() {
  const orders = useManagedOrders();
  const shipOrder = useShipOrder();
  const exportCsv = useExportOrdersCsv();
  const invoice = useDownloadOrderInvoice();
  const removal = useConfirmedRemoval({
    mutation: useDeleteManagedOrder(),
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

  function downloadInvoice(order: ManagedOrder) {
    invoice.mutate(order, { onError: (error) => toast.error(errorMessage(error)) });
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
              onDownloadInvoice={downloadInvoice}
              downloadingInvoiceId={invoice.isPending ? (invoice.variables?._id ?? null) : null}
            />
            <RemoveManagedOrderDialog
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
