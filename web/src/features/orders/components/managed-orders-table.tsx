import {
  hasLeftToShip,
  orderActions,
  routes,
  shipToTown,
  texts,
  type ManagedOrder,
  type ManagedOrderRow,
  orderAdminTexts,
} from '@tools-factory/contract';
import { Link } from 'react-router';
import { Fragment, useId } from 'react';
import { BusyButton } from '../../../components/ui/busy-button';
import {
  CardLabel,
  cardRow,
  DataTable,
  labelledCell as labelledCellBelow,
} from '../../../components/ui/data-table';
import { RemoveRowButton, RowButton } from '../../../components/ui/row-actions';
import type { OrderDocumentActions } from '../hooks/use-order-documents';
import {
  groupByCheckout,
  invoicedLine,
  isShownAsGroup,
  type CheckoutGroup,
} from './checkout-groups';
import { CheckoutHeadRow, checkoutHeadId } from './checkout-head-row';
import { OrderDocumentButtons, OrderFigureCells, OrderTitle } from './order-cells';
import { OrderStatusBadge } from './order-status-badge';

interface ManagedOrdersTableProps extends OrderDocumentActions {
  orders: ManagedOrderRow[];
  /** The order whose Ship is on its way; null when none is. */
  shippingId: string | null;
  onShip: (order: ManagedOrder) => void;
  onRemove: (order: ManagedOrder) => void;
  /** Asks to cancel a paid order (refund, credit note). */
  onCancel: (order: ManagedOrder) => void;
  /** Opens the shipment dialog of a checkout of several lines (issue 42). */
  onShipCheckout: (checkoutId: string) => void;
}

/** When the order was placed, in the admin's own time zone: the day, then the time. */
const placedOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const placedAt = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

/**
 * What an admin can do with an order, as orderActions tells (contract/src/order-status.ts): ship
 * a paid one (never a disputed one), remove an unpaid one, cancel a paid, shipped or refunded
 * one; a paid one has its invoice to download, one whose money an admin gave back (in part or
 * whole, issue 42) its credit note too. Refund part is on the order's and the checkout's pages:
 * a fourth button would make every paid row taller.
 */
function OrderActions({
  order,
  nameId,
  inGroup,
  shippingId,
  onShip,
  onRemove,
  onCancel,
  onShipCheckout: _onShipCheckout,
  ...documents
}: {
  order: ManagedOrder;
  nameId: string;
  /** A line of a checkout of several: shipped and invoiced from the checkout's head. */
  inGroup: boolean;
} & Omit<ManagedOrdersTableProps, 'orders'>) {
  const allowed = orderActions(order);
  if (allowed.remove) {
    return (
      <RemoveRowButton
        rowNameId={nameId}
        className="max-md:w-full"
        onClick={() => onRemove(order)}
      />
    );
  }
  return (
    <div className="flex gap-2 max-md:flex-col md:justify-end xl:flex-col">
      {allowed.ship && !inGroup ? (
        <BusyButton
          busy={shippingId === order._id}
          // One shipment at a time: each answer gets its own toast, in the order clicked.
          disabled={shippingId !== null}
          className="btn-primary btn-sm"
          aria-describedby={nameId}
          onClick={() => onShip(order)}
        >
          {texts.manageOrders.ship}
        </BusyButton>
      ) : null}
      {inGroup ? (
        allowed.creditNote ? (
          <OrderDocumentButtons
            order={order}
            className="btn-outline btn-sm"
            {...documents}
            creditNoteOnly
          />
        ) : null
      ) : (
        <OrderDocumentButtons order={order} className="btn-outline btn-sm" {...documents} />
      )}
      {allowed.cancel ? (
        <RowButton
          rowNameId={nameId}
          className="btn-error btn-outline"
          onClick={() => onCancel(order)}
        >
          {texts.manageOrders.cancel}
        </RowButton>
      ) : null}
    </div>
  );
}

/** A value's cell: on a card its name on the left, the value on the right. */
const labelledCell = labelledCellBelow('xl');

/**
 * The head of a checkout's lines (issue 42): its reference (a link to its page), how many tools,
 * its PO number, where it goes, its buyer, its total and how far it shipped; Ship… for the whole
 * checkout in one dialog, and its one Invoice.
 */
function CheckoutHead({
  group,
  onShipCheckout,
  onDownloadInvoice,
  downloadingInvoiceId,
}: { group: CheckoutGroup<ManagedOrderRow> } & Pick<
  ManagedOrdersTableProps,
  'onShipCheckout' | 'onDownloadInvoice' | 'downloadingInvoiceId'
>) {
  const pageWords = texts.shipments.checkoutPage;
  const first = group.lines[0]!;
  const shippable = group.lines.some(hasLeftToShip);
  const invoiced = invoicedLine(group);
  const headId = checkoutHeadId(group.checkoutId);
  return (
    <CheckoutHeadRow
      group={group}
      columns={7}
      reference={
        <Link
          to={routes.dashboardManagedCheckout(group.checkoutId)}
          className="link font-mono whitespace-nowrap"
          aria-label={pageWords.openCheckout(group.reference)}
        >
          {group.reference}
        </Link>
      }
      facts={[
        `${orderAdminTexts.shipTo}: ${shipToTown(first.address)}`,
        <span key="buyer" className="break-all">
          {first.customerName ? `${first.customerName} ` : ''}
          {first.email}
        </span>,
      ]}
      actions={
        <>
          {shippable ? (
            <button
              type="button"
              className="btn btn-primary btn-sm max-md:flex-1"
              aria-describedby={headId}
              onClick={() => onShipCheckout(group.checkoutId)}
            >
              {pageWords.ship}
            </button>
          ) : null}
          {invoiced ? (
            <BusyButton
              busy={downloadingInvoiceId === invoiced._id}
              className="btn-outline btn-sm max-md:flex-1"
              aria-label={texts.checkout.group.invoiceLabel(group.reference)}
              onClick={() => onDownloadInvoice(invoiced)}
            >
              {texts.orders.invoice}
            </BusyButton>
          ) : null}
        </>
      }
    />
  );
}

/**
 * Manage Orders: every order with its tool and SKU, reference (a link to the order's page), its
 * checkout's reference and PO number (issue 26), ship-to town, customer (name and e-mail),
 * quantity, total, date and status; Ship for a paid one, Remove for an unpaid one, Invoice for a
 * paid or shipped one. One table, a table only from xl: its seven columns need about 900 px
 * beside the dashboard's menu. Below xl each row is laid out as a card (header row hidden, each
 * value with its name; two columns of values from md).
 */
export function ManagedOrdersTable({ orders, ...actions }: ManagedOrdersTableProps) {
  const idPrefix = useId();
  const { columns } = texts.manageOrders;
  return (
    <DataTable
      cardsBelow="xl"
      columns={[
        { label: columns.tool },
        { label: columns.customer },
        { label: columns.quantity, numeric: true },
        { label: columns.total, numeric: true },
        { label: columns.date },
        { label: columns.status },
        { label: columns.action },
      ]}
    >
      {groupByCheckout(orders).map((group) => {
        const inGroup = isShownAsGroup(group);
        return (
          <Fragment key={group.checkoutId}>
            {inGroup ? <CheckoutHead group={group} {...actions} /> : null}
            {group.lines.map((order) => (
              <OrderRow
                key={order._id}
                order={order}
                inGroup={inGroup}
                idPrefix={idPrefix}
                {...actions}
              />
            ))}
          </Fragment>
        );
      })}
    </DataTable>
  );
}

/** One order's row: alone, or a line under its checkout's head (no checkout facts again). */
function OrderRow({
  order,
  inGroup,
  idPrefix,
  ...actions
}: {
  order: ManagedOrderRow;
  inGroup: boolean;
  idPrefix: string;
} & Omit<ManagedOrdersTableProps, 'orders'>) {
  const { columns } = texts.manageOrders;
  const nameId = `${idPrefix}-${order._id}`;
  const placed = new Date(order.createdAt);
  return (
    <tr key={order._id} className={cardRow('xl')}>
      <th scope="row" className="font-normal md:max-xl:col-span-2">
        <OrderTitle order={order} nameId={nameId} className="items-start xl:min-w-40">
          <Link
            to={routes.dashboardManagedOrder(order._id)}
            className="link block font-mono text-sm"
            aria-label={orderAdminTexts.openLabel(order.reference)}
          >
            {order.reference}
          </Link>
          {inGroup ? null : (
            <span className="text-base-content/70 block text-xs wrap-break-word">
              {orderAdminTexts.checkout}{' '}
              <span className="font-mono whitespace-nowrap">{order.checkoutReference}</span>
            </span>
          )}
          {order.town && !inGroup ? (
            <span className="text-base-content/70 block text-xs wrap-break-word">
              {orderAdminTexts.shipTo}: {order.town}
            </span>
          ) : null}
        </OrderTitle>
      </th>
      <OrderFigureCells
        order={order}
        customerName={order.customerName}
        buyerOnHead={inGroup}
        labels={{ email: columns.customer, quantity: columns.quantity, total: columns.total }}
      />
      <td className={labelledCell}>
        <CardLabel below="xl">{columns.date}</CardLabel>
        <time dateTime={order.createdAt} className="whitespace-nowrap max-xl:text-right">
          {placedOn.format(placed)}{' '}
          <span className="text-base-content/70 text-xs xl:block">{placedAt.format(placed)}</span>
        </time>
      </td>
      <td className={`${labelledCell} max-xl:items-center`}>
        <CardLabel below="xl">{columns.status}</CardLabel>
        <OrderStatusBadge order={order} />
      </td>
      {/* The buttons span a phone's card; on a wider card they sit at the right. */}
      <td className="max-xl:pt-2! max-xl:empty:hidden md:max-xl:col-span-2 md:max-xl:text-right">
        <OrderActions order={order} nameId={nameId} inGroup={inGroup} {...actions} />
      </td>
    </tr>
  );
}
