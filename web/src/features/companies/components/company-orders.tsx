import {
  formatMoney,
  MANAGED_ORDERS_PAGE_SIZE,
  ORDER_STATUSES,
  routes,
  shownStatus,
  texts,
  type ManagedOrderRow,
  type OrderStatus,
} from '@tools-factory/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { CardLabel, cardRow, DataTable, labelledCell } from '../../../components/ui/data-table';
import { EmailAddress } from '../../../components/ui/email-address';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { formatDateTime } from '../../../lib/format';
import { useKeysetPages } from '../../../lib/use-keyset-pages';
import { useCompanyOrders, type CompanyOrdersSearch } from '../api/get-company-orders';

const words = texts.companyOrders;
// Six columns beside the dashboard's menu do not fit below 1280 px: cards there.
const CARDS_BELOW = 'xl';
const valueCell = labelledCell(CARDS_BELOW);

/** Each status in the words of the order badges (My Orders', Manage Orders'). */
const statusWords: Record<OrderStatus, string> = {
  unpaid: texts.orders.unpaidBadge,
  awaiting_approval: texts.orders.awaitingApprovalBadge,
  invoiced: texts.orders.invoicedBadge,
  paid: texts.orders.paidBadge,
  partly_shipped: texts.orders.partlyShippedBadge,
  shipped: texts.orders.shippedBadge,
  cancelled: texts.orders.cancelledBadge,
  refunded: texts.orders.refundedBadge,
  disputed: texts.orders.disputedBadge,
  removed: texts.orders.removedBadge,
  expired: texts.orders.expiredBadge,
  rejected: texts.orders.rejectedBadge,
};

/** A checkout as one row: its lines (the server lists them checkout by checkout). */
interface CheckoutRow {
  checkoutId: string;
  lines: ManagedOrderRow[];
}

function checkoutsOf(orders: ManagedOrderRow[]): CheckoutRow[] {
  const rows: CheckoutRow[] = [];
  for (const order of orders) {
    const last = rows.at(-1);
    if (last?.checkoutId === order.checkoutId) last.lines.push(order);
    else rows.push({ checkoutId: order.checkoutId, lines: [order] });
  }
  return rows;
}

/** The statuses of a checkout's lines, each once, in the order of ORDER_STATUSES. */
function statusesOf(lines: ManagedOrderRow[]): OrderStatus[] {
  const shown = new Set(lines.map(shownStatus));
  return ORDER_STATUSES.filter((status) => shown.has(status));
}

function CheckoutRowView({ row, isBuyer }: { row: CheckoutRow; isBuyer: boolean }) {
  const [first] = row.lines as [ManagedOrderRow, ...ManagedOrderRow[]];
  const total = row.lines.reduce((sum, line) => sum + line.total, 0);
  return (
    <tr className={cardRow(CARDS_BELOW)}>
      <th scope="row" className="align-top font-normal md:max-xl:col-span-2">
        <span className="font-semibold wrap-break-word">
          {first.customerName ?? words.removedAccount}
        </span>
        <span className="text-base-content/80 block text-sm wrap-break-word">
          <EmailAddress email={first.email} />
        </span>
      </th>
      <td className={`${valueCell} align-top`}>
        <CardLabel below={CARDS_BELOW}>{words.reference}</CardLabel>
        <span className="text-right xl:text-left">
          {isBuyer ? (
            <Link
              to={routes.dashboardOrders}
              className="link font-mono font-semibold"
              title={words.openMyOrders}
            >
              {first.checkoutReference}
            </Link>
          ) : (
            <span className="font-mono font-semibold">{first.checkoutReference}</span>
          )}
          <span className="text-base-content/70 block text-xs">
            {row.lines.map((line) => words.line(line.name, line.quantity)).join(', ')}
          </span>
        </span>
      </td>
      <td className={`${valueCell} align-top ${first.poNumber ? '' : 'max-xl:hidden'}`}>
        <CardLabel below={CARDS_BELOW}>{words.po}</CardLabel>
        <span className="font-mono wrap-break-word xl:whitespace-nowrap">{first.poNumber}</span>
      </td>
      <td className={`${valueCell} align-top tabular-nums xl:text-right`}>
        <CardLabel below={CARDS_BELOW}>{words.total}</CardLabel>
        <span className="font-semibold whitespace-nowrap">{formatMoney(total)}</span>
      </td>
      <td className={`${valueCell} align-top`}>
        <CardLabel below={CARDS_BELOW}>{words.status}</CardLabel>
        <span className="flex flex-wrap justify-end gap-1 xl:justify-start">
          {statusesOf(row.lines).map((status) => (
            <span key={status} className="badge badge-outline badge-sm whitespace-nowrap">
              {statusWords[status]}
            </span>
          ))}
        </span>
      </td>
      <td className={`${valueCell} align-top`}>
        <CardLabel below={CARDS_BELOW}>{words.placed}</CardLabel>
        <time dateTime={first.createdAt} className="xl:inline-block xl:min-w-28">
          {formatDateTime(first.createdAt)}
        </time>
      </td>
    </tr>
  );
}

/**
 * Company Orders (issue 44): the company's checkouts, newest first (its admins see every
 * member's, a buyer their own), filtered by status and searched by reference, e-mail or tool,
 * MANAGED_ORDERS_PAGE_SIZE checkouts a page with Previous and Next. A buyer's reference opens
 * My Orders, where they pay, track or cancel it; there is no company order page for admins.
 */
export function CompanyOrders({
  isBuyer,
  pageSize = MANAGED_ORDERS_PAGE_SIZE,
}: {
  /** A buyer: their own orders, worded so, each opening My Orders. */
  isBuyer: boolean;
  /** Checkouts a page (MANAGED_ORDERS_PAGE_SIZE); tests page sooner. */
  pageSize?: number;
}) {
  const pages = useKeysetPages({ status: '', q: '' });
  const search: CompanyOrdersSearch = {
    ...pages.filters,
    page: pages.page,
    ...(pages.after ? { after: pages.after } : {}),
  };
  const [typed, setTyped] = useState('');
  const orders = useCompanyOrders(
    search,
    pageSize === MANAGED_ORDERS_PAGE_SIZE ? undefined : pageSize,
  );
  const searching = search.status !== '' || search.q !== '';

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
            className="select select-sm w-full sm:w-44"
            value={search.status}
            onChange={(event) => pages.search({ status: event.target.value, q: search.q })}
          >
            <option value="">{words.allStatuses}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusWords[status]}
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
            <EmptyState
              message={searching ? words.noMatch : isBuyer ? words.emptyBuyer : words.empty}
            />
          ) : (
            <>
              <p className="text-base-content/70 mb-4 text-sm" aria-live="polite">
                {capped ? words.foundAtLeast(total) : words.found(total)}
              </p>
              <DataTable
                cardsBelow={CARDS_BELOW}
                columns={[
                  { label: words.buyer },
                  { label: words.reference },
                  { label: words.po },
                  { label: words.total, numeric: true },
                  { label: words.status },
                  { label: words.placed },
                ]}
              >
                {checkoutsOf(list).map((row) => (
                  <CheckoutRowView key={row.checkoutId} row={row} isBuyer={isBuyer} />
                ))}
              </DataTable>
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
