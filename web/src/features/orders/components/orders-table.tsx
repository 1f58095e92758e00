import {
  checkoutStatusOf,
  formatMoney,
  isPayable,
  orderActions,
  orderTotal,
  routes,
  texts,
  type Order,
} from '@tools-factory/contract';
import { Fragment, useId, type ReactNode } from 'react';
import { cardRow, DataTable } from '../../../components/ui/data-table';
import { RemoveRowButton, RowLink } from '../../../components/ui/row-actions';
import { formatDateTime } from '../../../lib/format';
import type { OrderDocumentActions } from '../hooks/use-order-documents';
import { groupByCheckout, type CheckoutGroup } from './checkout-groups';
import { OrderDocumentButtons, OrderFigureCells, OrderTitle } from './order-cells';
import { OrderStatusLine } from './order-status';

/** What Order again is asked for: a past checkout, or one order. */
export type OrderAgainTarget = { checkoutId: string } | { orderId: string };

interface OrdersTableProps extends OrderDocumentActions {
  orders: Order[];
  onRemove: (order: Order) => void;
  /** Order again's button (the cart's, given by the page: a feature never imports another). */
  orderAgain?: (target: OrderAgainTarget) => ReactNode;
}

type OrderActionsProps = {
  order: Order;
  nameId: string;
  /** A line of a checkout of several: its checkout is paid as one, from the group's head. */
  inGroup: boolean;
} & Omit<OrdersTableProps, 'orders'>;

/**
 * What the customer can do with an order, as orderActions tells (contract/src/order-status.ts):
 * pay or remove an unpaid one; a paid or shipped one has its invoice to download; a cancelled
 * one its invoice and its credit note.
 */
function OrderActions({
  order,
  nameId,
  inGroup,
  onRemove,
  orderAgain,
  ...documents
}: OrderActionsProps) {
  const allowed = orderActions(order);
  if (allowed.pay) {
    return (
      <div className="flex gap-2">
        {inGroup ? null : (
          <RowLink
            to={routes.dashboardPayment(order._id)}
            rowNameId={nameId}
            className="btn-success max-md:flex-1"
          >
            {texts.orders.pay}
          </RowLink>
        )}
        <RemoveRowButton
          rowNameId={nameId}
          className="max-md:flex-1"
          onClick={() => onRemove(order)}
        />
      </div>
    );
  }
  const buttons = (
    <OrderDocumentButtons
      order={order}
      className="btn-outline btn-sm max-md:w-full max-md:flex-1"
      {...documents}
    />
  );
  const again = !inGroup && orderAgain ? orderAgain({ orderId: order._id }) : null;
  // Cancelled: the invoice, and the credit note that gives its amount back, side by side.
  return allowed.creditNote || again ? (
    <div className="flex flex-wrap gap-2">
      {buttons}
      {again}
    </div>
  ) : (
    buttons
  );
}

/**
 * The customer's orders under the spec's columns (no., name, email, quantity, price, action),
 * each told apart by what a person reads: its reference and when it was placed, where it ships,
 * the total (with the unit price), and where it stands (unpaid and held until when, 'panding',
 * shipped), with its invoice once paid. A table from xl; narrower (a phone, or a laptop beside the dashboard's menu) each
 * order is a card, its pay and Remove across the card, never off-screen.
 */
/** A checkout shown as a group: several lines, or a PO number the buyer gave it. */
function isShownAsGroup(group: CheckoutGroup): boolean {
  return group.lines.length > 1 || group.poNumber !== '';
}

/**
 * The head of a checkout's lines (docs/architecture.md#business-buyers): its reference, how many tools, its PO
 * number, its total, and one Pay for all its lines while unpaid; Order again for all of them.
 */
function CheckoutGroupHead({
  group,
  orderAgain,
}: {
  group: CheckoutGroup;
  orderAgain?: OrdersTableProps['orderAgain'];
}) {
  const words = texts.checkout.group;
  const total = group.lines.reduce((sum, line) => sum + orderTotal(line.price, line.quantity), 0);
  const status = checkoutStatusOf(group.lines);
  // A line still to pay: the checkout is paid as one, from here.
  const unpaid = group.lines.some((line) => isPayable(line.status));
  const placedAt = group.lines[0]!.createdAt;
  const headId = `checkout-${group.checkoutId}`;
  return (
    <tr className={`${cardRow('xl')} bg-base-200/60`}>
      <td colSpan={6} className="md:max-xl:col-span-2">
        <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
          <p id={headId} className="text-sm">
            <span className="font-semibold">{words.checkout}</span>{' '}
            <span className="font-mono whitespace-nowrap">{group.reference}</span>
            <span className="text-base-content/70">
              {' · '}
              {words.lines(group.lines.length)}
              {group.poNumber ? (
                <>
                  {' · '}
                  <span className="whitespace-nowrap">
                    {words.po} <span className="font-mono">{group.poNumber}</span>
                  </span>
                </>
              ) : null}
              {' · '}
              {words.placed}{' '}
              <time dateTime={placedAt} className="whitespace-nowrap">
                {formatDateTime(placedAt)}
              </time>
              {' · '}
              {words.total}{' '}
            </span>
            <span className="font-semibold">{formatMoney(total)}</span>
            <span className="text-base-content/70">{' · '}</span>
            <span className="badge badge-outline badge-sm">{words.status[status]}</span>
          </p>
          <div className="flex flex-wrap gap-2 max-md:w-full">
            {unpaid ? (
              <RowLink
                to={routes.dashboardCheckoutPayment(group.checkoutId)}
                rowNameId={headId}
                className="btn-success max-md:flex-1"
              >
                {words.payAll}
              </RowLink>
            ) : null}
            {/* Once paid (or closed): an unpaid checkout is paid, not ordered again. */}
            {orderAgain && !unpaid ? orderAgain({ checkoutId: group.checkoutId }) : null}
          </div>
        </div>
      </td>
    </tr>
  );
}

export function OrdersTable({ orders, ...actions }: OrdersTableProps) {
  const idPrefix = useId();
  const groups = groupByCheckout(orders);
  // The spec's "no." counts the orders as they are shown, checkout by checkout.
  const numbers = new Map(groups.flatMap((group) => group.lines).map((o, i) => [o._id, i + 1]));
  const { columns } = texts.orders;
  // One clock for the whole list: every hold is compared with the same moment.
  const now = new Date();
  return (
    <DataTable
      cardsBelow="xl"
      columns={[
        { label: columns.number },
        { label: columns.name },
        { label: columns.email },
        { label: columns.quantity, numeric: true },
        { label: columns.price, numeric: true },
        { label: columns.action },
      ]}
    >
      {groups.map((group) => (
        <Fragment key={group.checkoutId}>
          {isShownAsGroup(group) ? (
            <CheckoutGroupHead group={group} orderAgain={actions.orderAgain} />
          ) : null}
          {group.lines.map((order) => {
            const nameId = `${idPrefix}-${order._id}`;
            return (
              <tr key={order._id} className={cardRow('xl')}>
                <th scope="row" className="align-top font-normal max-xl:sr-only">
                  {numbers.get(order._id)}
                </th>
                <td className="align-top md:max-xl:col-span-2">
                  <OrderTitle order={order} nameId={nameId} className="items-start xl:min-w-64">
                    <span className="block text-sm">
                      <span className="sr-only">{texts.orders.reference}: </span>
                      <span className="font-mono">{order.reference}</span>
                    </span>
                    <span className="text-base-content/70 block text-xs">
                      {texts.orders.placed}{' '}
                      <time dateTime={order.createdAt} className="whitespace-nowrap">
                        {formatDateTime(order.createdAt)}
                      </time>
                    </span>
                    <span className="text-base-content/70 block text-xs wrap-break-word whitespace-pre-line xl:max-w-64">
                      {texts.orders.address}: {order.address}
                    </span>
                    {order.carrier || order.trackingNumber ? (
                      <span className="block text-xs wrap-break-word">
                        {texts.orders.tracking}:{' '}
                        {[order.carrier, order.trackingNumber].filter(Boolean).join(' ')}
                      </span>
                    ) : null}
                  </OrderTitle>
                </td>
                <OrderFigureCells
                  order={order}
                  labels={{
                    email: columns.email,
                    quantity: columns.quantity,
                    total: columns.price,
                  }}
                  nowrapEmailFromXl
                  className="align-top"
                />
                <td className="align-top max-xl:pt-2! md:max-xl:col-span-2">
                  <div className="flex flex-col gap-2 md:max-xl:flex-row md:max-xl:items-center md:max-xl:justify-between">
                    <OrderStatusLine order={order} now={now} />
                    <OrderActions
                      order={order}
                      nameId={nameId}
                      inGroup={group.lines.length > 1}
                      {...actions}
                    />
                  </div>
                </td>
              </tr>
            );
          })}
        </Fragment>
      ))}
    </DataTable>
  );
}
