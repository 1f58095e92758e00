import {
  formatMoney,
  MANAGED_ORDERS_PAGE_SIZE,
  orderAdminTexts,
  routes,
  texts,
  type ManagedOrderRow,
} from '@tools-factory/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CardLabel, cardRow, DataTable, labelledCell } from '../../../components/ui/data-table';
import { EmailAddress } from '../../../components/ui/email-address';
import { Pager } from '../../../components/ui/pager';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useKeysetPages } from '../../../lib/use-keyset-pages';
import { useCompanyCheckouts } from '../api/get-company-checkouts';

const words = texts.manageCompanies;
const columns = words.orderColumns;
// Seven columns beside the dashboard's menu: a card per order below 1024 px.
const CARDS_BELOW = 'lg';
const valueCell = labelledCell(CARDS_BELOW);

export interface CompanyCheckoutsProps {
  companyId: string;
  /** An order's status as Manage Orders shows it (the page hands in the orders' badge). */
  renderStatus: (order: ManagedOrderRow) => ReactNode;
}

/** One order (a line of a checkout): the way to its admin page and its checkout's, and its figures. */
function OrderRow({
  order,
  renderStatus,
}: { order: ManagedOrderRow } & Pick<CompanyCheckoutsProps, 'renderStatus'>) {
  return (
    <tr className={cardRow(CARDS_BELOW)}>
      <th scope="row" className="align-top font-normal">
        <Link
          to={routes.dashboardManagedOrder(order._id)}
          className="link font-semibold whitespace-nowrap"
          aria-label={words.openOrder(order.reference)}
        >
          {order.reference}
        </Link>
      </th>
      <td className={`${valueCell} align-top`}>
        <CardLabel below={CARDS_BELOW}>{columns.checkout}</CardLabel>
        <span className="max-lg:text-right">
          <Link
            to={routes.dashboardManagedCheckout(order.checkoutId)}
            className="link whitespace-nowrap"
            aria-label={words.openCheckout(order.checkoutReference)}
          >
            {order.checkoutReference}
          </Link>
          {order.poNumber ? (
            <span className="text-base-content/70 block text-xs wrap-break-word">
              {orderAdminTexts.poNumber} {order.poNumber}
            </span>
          ) : null}
        </span>
      </td>
      <td className={`${valueCell} align-top`}>
        <CardLabel below={CARDS_BELOW}>{columns.placed}</CardLabel>
        <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
      </td>
      <td className={`${valueCell} align-top`}>
        <CardLabel below={CARDS_BELOW}>{columns.buyer}</CardLabel>
        <span className="min-w-0 wrap-break-word max-lg:text-right">
          {order.customerName ?? words.removedAccount}
          <span className="text-base-content/70 block text-xs">
            <EmailAddress email={order.email} />
          </span>
        </span>
      </td>
      <td className={`${valueCell} align-top`}>
        <CardLabel below={CARDS_BELOW}>{columns.tool}</CardLabel>
        <span className="min-w-0 wrap-break-word max-lg:text-right">
          {order.name}
          <span className="text-base-content/70 block text-xs tabular-nums">
            {columns.quantity} {formatCount(order.quantity)}
          </span>
        </span>
      </td>
      <td className={`${valueCell} align-top tabular-nums lg:text-right`}>
        <CardLabel below={CARDS_BELOW}>{columns.total}</CardLabel>
        <span className="whitespace-nowrap">{formatMoney(order.total)}</span>
      </td>
      <td className={`${valueCell} align-top`}>
        <CardLabel below={CARDS_BELOW}>{columns.status}</CardLabel>
        {renderStatus(order)}
      </td>
    </tr>
  );
}

/**
 * The company's checkouts: Manage Orders' search narrowed to it (its rows are the checkouts'
 * orders, newest first), a page of checkouts at a time; each order leads to its admin page and
 * its checkout's.
 */
export function CompanyCheckouts({ companyId, renderStatus }: CompanyCheckoutsProps) {
  const pages = useKeysetPages({});
  const checkouts = useCompanyCheckouts(companyId, pages.after);
  return (
    <QueryBoundary query={checkouts} keepDataOnError>
      {({ orders, checkouts: count, capped, next }) =>
        orders.length === 0 ? (
          <p className="text-base-content/70 text-sm">{words.noCheckouts}</p>
        ) : (
          <>
            <DataTable
              cardsBelow={CARDS_BELOW}
              columns={[
                { label: columns.order },
                { label: columns.checkout },
                { label: columns.placed },
                { label: columns.buyer },
                { label: columns.tool },
                { label: columns.total, numeric: true },
                { label: columns.status },
              ]}
            >
              {orders.map((order) => (
                <OrderRow key={order._id} order={order} renderStatus={renderStatus} />
              ))}
            </DataTable>
            <Pager
              page={pages.page}
              pages={capped ? undefined : Math.max(1, Math.ceil(count / MANAGED_ORDERS_PAGE_SIZE))}
              hasNext={next !== null}
              onNext={() => next !== null && pages.next(next)}
              onPrevious={pages.previous}
            />
          </>
        )
      }
    </QueryBoundary>
  );
}
