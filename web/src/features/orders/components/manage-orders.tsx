import {
  MANAGED_ORDERS_PAGE_SIZE,
  ORDER_STATUSES,
  texts,
  type ManagedOrder,
  type ShipOrder,
  orderAdminTexts,
} from '@tools-factory/contract';
import { useState } from 'react';
import { Pager } from '../../../components/ui/pager';
import { useKeysetPages } from '../../../lib/use-keyset-pages';
import { BusyButton } from '../../../components/ui/busy-button';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useConfirmedRemoval } from '../../../lib/use-confirmed-removal';
import type { StockReturnedOptions } from '../../../lib/stock-returned';
import { useDeleteManagedOrder } from '../api/delete-order';
import { useExportOrdersCsv } from '../api/export-orders-csv';
import { useManagedOrdersSearch, type OrdersSearch } from '../api/search-managed-orders';
import { useShipOrder } from '../api/ship-order';
import { useCancelOrderTold } from '../hooks/use-cancel-order-told';
import { useOrderDocuments } from '../hooks/use-order-documents';
import { ManagedOrdersTable } from './managed-orders-table';
import { CancelOrderDialog } from './cancel-order-dialog';
import { ShipOrderDialog } from './ship-order-dialog';
import { RemoveManagedOrderDialog } from './remove-managed-order-dialog';
import { ShipCheckoutFromList } from './ship-checkout-from-list';

/**
 * Manage Orders: the orders, newest first, filtered by status and searched by reference, e-mail
 * or tool (GET /manageOrders/search), MANAGED_ORDERS_PAGE_SIZE checkouts a page with Previous and
 * Next beyond; each order's reference opens its page. Ship asks for the carrier and tracking number
 * (both optional), then sends a paid order on its way and says so; Remove asks first, then removes an unpaid
 * order, whose quantity goes back on sale, and says 'Delete success'. Export CSV downloads every
 * order as a spreadsheet file; Invoice, a paid order's invoice PDF. Cancel asks first, naming
 * the amount refunded, then cancels a paid order (refund and credit note, or neither: issue 42)
 * and says so; a refunded order's Credit note downloads its PDF. `onStockReturned` refreshes what a removal's returned
 * stock changes beyond the orders (the page hands in the catalog's refresh).
 */
export function ManageOrders({
  onStockReturned,
  pageSize = MANAGED_ORDERS_PAGE_SIZE,
}: StockReturnedOptions & {
  /** Checkouts a page (MANAGED_ORDERS_PAGE_SIZE); tests page sooner. */
  pageSize?: number;
}) {
  const pages = useKeysetPages({ status: '', q: '' });
  const search: OrdersSearch = {
    ...pages.filters,
    page: pages.page,
    ...(pages.after ? { after: pages.after } : {}),
  };
  const [typed, setTyped] = useState('');
  const orders = useManagedOrdersSearch(
    search,
    pageSize === MANAGED_ORDERS_PAGE_SIZE ? undefined : pageSize,
  );
  const searching = search.status !== '' || search.q !== '';
  const shipOrder = useShipOrder();
  const exportCsv = useExportOrdersCsv();
  const documents = useOrderDocuments();
  const cancelOrder = useCancelOrderTold();
  /** The order whose Cancel asks for confirmation; null when none does. */
  const [toCancel, setToCancel] = useState<ManagedOrder | null>(null);
  const removal = useConfirmedRemoval({
    mutation: useDeleteManagedOrder({ onStockReturned }),
    keyOf: (order: ManagedOrder) => order._id,
    removedText: texts.orders.deleteSuccess,
  });

  /** The order whose Ship asks for its carrier and tracking number; null when none does. */
  const [toShip, setToShip] = useState<ManagedOrder | null>(null);
  /** The checkout whose shipment dialog is open (issue 42); null when none is. */
  const [shipCheckoutId, setShipCheckoutId] = useState<string | null>(null);

  /** Ships with what the dialog was given; a refusal stays in the dialog, in the server's words. */
  async function ship(order: ManagedOrder, shipment: ShipOrder) {
    const shipped = await shipOrder.mutateAsync({ id: order._id, shipment });
    setToShip(null);
    toast.success(texts.manageOrders.shipSuccess(shipped.name, shipped.email));
  }

  function confirmCancel(order: ManagedOrder, refund: boolean) {
    cancelOrder.cancel(order, refund, () => setToCancel(null));
  }

  const words = { ...texts.manageOrders, ...orderAdminTexts };
  return (
    <>
      <form
        role="search"
        className="mb-4 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          pages.search({ status: search.status, q: typed });
        }}
      >
        <label className="flex flex-col gap-1 text-sm max-sm:w-full">
          {words.statusFilter}
          <select
            className="select select-sm w-full sm:w-40"
            value={search.status}
            onChange={(event) => pages.search({ status: event.target.value, q: search.q })}
          >
            <option value="">{words.allStatuses}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
        <label className="flex grow flex-col gap-1 text-sm sm:max-w-xs">
          {words.search}
          <input
            type="search"
            className="input input-sm w-full"
            placeholder={words.searchPlaceholder}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-sm btn-outline max-sm:flex-1">
          {words.search}
        </button>
      </form>
      <QueryBoundary query={orders}>
        {({ orders: list, total, checkouts, capped, page, next }) =>
          list.length === 0 ? (
            <EmptyState message={searching ? words.noMatch : words.empty} />
          ) : (
            <>
              <div className="mb-4 flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-base-content/70 text-sm" aria-live="polite">
                  {capped ? words.foundAtLeast(total) : words.found(total)}
                </p>
                <BusyButton
                  busy={exportCsv.isPending}
                  className="btn-outline btn-sm max-sm:w-full"
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
                shippingId={shipOrder.isPending ? (shipOrder.variables?.id ?? null) : null}
                onShip={setToShip}
                onRemove={removal.ask}
                onCancel={setToCancel}
                onShipCheckout={setShipCheckoutId}
                {...documents}
              />
              <ShipCheckoutFromList
                checkoutId={shipCheckoutId}
                onClose={() => setShipCheckoutId(null)}
              />
              <ShipOrderDialog
                order={toShip}
                busy={shipOrder.isPending}
                onShip={ship}
                onClose={() => setToShip(null)}
              />
              <CancelOrderDialog
                order={toCancel}
                busy={cancelOrder.isPending}
                onConfirm={confirmCancel}
                onCancel={() => setToCancel(null)}
              />
              <RemoveManagedOrderDialog removal={removal} />
              <Pager
                page={page}
                pages={capped ? undefined : Math.max(1, Math.ceil(checkouts / pageSize))}
                hasNext={next !== null}
                onNext={() => next !== null && pages.next(next)}
                onPrevious={pages.previous}
              />
            </>
          )
        }
      </QueryBoundary>
    </>
  );
}
