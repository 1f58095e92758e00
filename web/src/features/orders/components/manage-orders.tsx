import {
  MANAGED_ORDERS_MAX_PAGE_SIZE,
  ORDER_STATUSES,
  texts,
  type ManagedOrder,
  type ShipOrder,
  orderAdminTexts,
} from '@tools-factory/contract';
import { useState } from 'react';
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
import { formatCount } from '../../../lib/format';
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
 * or tool (GET /manageOrders/search), a page of up to 200 at a time with Previous and Next
 * beyond; each order's reference opens its page. Ship asks for the carrier and tracking number
 * (both optional), then sends a paid order on its way and says so; Remove asks first, then removes an unpaid
 * order, whose quantity goes back on sale, and says 'Delete success'. Export CSV downloads every
 * order as a spreadsheet file; Invoice, a paid order's invoice PDF. Cancel asks first, naming
 * the amount refunded, then cancels a paid order (refund and credit note, or neither: issue 42)
 * and says so; a refunded order's Credit note downloads its PDF. `onStockReturned` refreshes what a removal's returned
 * stock changes beyond the orders (the page hands in the catalog's refresh).
 */
export function ManageOrders({
  onStockReturned,
  pageSize = MANAGED_ORDERS_MAX_PAGE_SIZE,
}: StockReturnedOptions & {
  /** Orders a page (the spec's view: up to 200 on one page); tests page sooner. */
  pageSize?: number;
}) {
  const [search, setSearch] = useState<OrdersSearch>({ status: '', q: '', page: 1 });
  /** Where each page before this one started (its `after`): what Previous goes back to. */
  const [earlier, setEarlier] = useState<Array<string | undefined>>([]);
  /** A new search starts on its first page. */
  function searchFor(changed: Pick<OrdersSearch, 'status' | 'q'>) {
    setEarlier([]);
    setSearch({ ...changed, page: 1 });
  }
  const [typed, setTyped] = useState('');
  const orders = useManagedOrdersSearch(
    search,
    pageSize === MANAGED_ORDERS_MAX_PAGE_SIZE ? undefined : pageSize,
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
          searchFor({ status: search.status, q: typed });
        }}
      >
        <label className="flex flex-col gap-1 text-sm max-sm:w-full">
          {words.statusFilter}
          <select
            className="select select-sm w-full sm:w-40"
            value={search.status}
            onChange={(event) => searchFor({ status: event.target.value, q: search.q })}
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
                onNext={() => {
                  if (next === null) return;
                  setEarlier([...earlier, search.after]);
                  setSearch({ ...search, page: page + 1, after: next });
                }}
                onPrevious={() => {
                  const after = earlier.at(-1);
                  setEarlier(earlier.slice(0, -1));
                  const { after: _current, ...rest } = search;
                  setSearch({ ...rest, page: page - 1, ...(after ? { after } : {}) });
                }}
              />
            </>
          )
        }
      </QueryBoundary>
    </>
  );
}

/**
 * Previous and Next under the list, shown only when there is more than one page. Next goes on
 * from where this page ended, Previous back to where the page before started (issue 43: never
 * counting checkouts from the first); `pages` is unknown when the counts are capped.
 */
function Pager({
  page,
  pages,
  hasNext,
  onNext,
  onPrevious,
}: {
  page: number;
  pages: number | undefined;
  hasNext: boolean;
  onNext: () => void;
  onPrevious: () => void;
}) {
  const words = { ...texts.manageOrders, ...orderAdminTexts };
  const last = pages !== undefined && page >= pages;
  if (page <= 1 && (last || !hasNext)) return null;
  const label =
    pages === undefined
      ? words.pageNumber(formatCount(page))
      : words.pageOf(formatCount(page), formatCount(pages));
  return (
    <nav className="mt-4 flex items-center justify-between gap-2" aria-label={label}>
      <button
        type="button"
        className="btn btn-sm btn-outline"
        disabled={page <= 1}
        onClick={onPrevious}
      >
        {words.previousPage}
      </button>
      <span className="text-sm">{label}</span>
      <button
        type="button"
        className="btn btn-sm btn-outline"
        disabled={last || !hasNext}
        onClick={onNext}
      >
        {words.nextPage}
      </button>
    </nav>
  );
}
