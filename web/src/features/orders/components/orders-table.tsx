import {
  isAwaitingApproval,
  isHeld,
  isPayable,
  orderActions,
  routes,
  shipToTown,
  texts,
  wasPaid,
  type Order,
} from '@tools-factory/contract';
import { Fragment, useId, type ReactNode } from 'react';
import { BusyButton } from '../../../components/ui/busy-button';
import { cardRow, DataTable } from '../../../components/ui/data-table';
import { RemoveRowButton, RowLink } from '../../../components/ui/row-actions';
import { formatDateTime } from '../../../lib/format';
import { saysTax } from '../../../lib/tax';
import type { OrderDocumentActions } from '../hooks/use-order-documents';
import {
  groupByCheckout,
  invoicedLine,
  isShownAsGroup,
  type CheckoutGroup,
} from './checkout-groups';
import { CheckoutHeadRow, checkoutHeadId } from './checkout-head-row';
import { OrderDocumentButtons, OrderFigureCells, OrderTitle } from './order-cells';
import { OrderStatusLine } from './order-status';
import { chargesShipping, type ShippingCharge } from './refund-amounts';

/** Its lines wait for the buyer's company to approve them (issue 44): they wait together. */
const awaitsApproval = (group: CheckoutGroup) =>
  group.lines.some((line) => isAwaitingApproval(line.status));

/** What Order again is asked for: a past checkout, or one order. */
export type OrderAgainTarget = { checkoutId: string } | { orderId: string };

interface OrdersTableProps extends OrderDocumentActions {
  orders: Order[];
  onRemove: (order: Order) => void;
  /** Order again's button (the cart's, given by the page: a feature never imports another). */
  orderAgain?: (target: OrderAgainTarget) => ReactNode;
  /**
   * Each checkout's shipping and tax by its id (issues 42 and 45), once known: a checkout that
   * charges shipping, or whose tax is said, is shown as a group, its head's total counting them.
   */
  shippingCharges?: ReadonlyMap<string, ShippingCharge> | undefined;
}

type OrderActionsProps = {
  order: Order;
  nameId: string;
  /**
   * A line of a checkout shown as a group: its checkout is paid, invoiced and ordered again as
   * one, from the group's head.
   */
  inGroup: boolean;
} & Omit<OrdersTableProps, 'orders' | 'shippingCharges'>;

/**
 * What the customer can do with an order, as orderActions tells (contract/src/order-status.ts):
 * pay or remove an unpaid one, remove one awaiting its company's approval (issue 44: no pay until
 * approved); a paid or shipped one has its invoice to download; one whose money an admin gave
 * back (cancelled and refunded, or refunded in part: issue 42) its credit note too.
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
  if (allowed.pay || allowed.remove) {
    return (
      <div className="flex gap-2">
        {inGroup || !allowed.pay ? null : (
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
      // The checkout's one invoice is on its head.
      creditNoteOnly={inGroup}
      {...documents}
    />
  );
  const again = !inGroup && orderAgain ? orderAgain({ orderId: order._id }) : null;
  // Refunded by an admin: the invoice, and the credit note that gives money back, side by side.
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
/**
 * The head of a checkout's lines (docs/architecture.md#business-buyers): once for all its lines,
 * its reference, how many tools, its PO number, when it was placed, where it goes, its payment,
 * its total and how far it shipped; one Pay for all its lines while unpaid, then its one Invoice
 * and Order again for all of them. One placed on account (issue 45) has nothing to pay by card:
 * its Invoice at once.
 */
function CheckoutGroupHead({
  group,
  shipping,
  orderAgain,
  onDownloadInvoice,
  downloadingInvoiceId,
}: {
  group: CheckoutGroup;
  shipping: ShippingCharge | undefined;
  orderAgain?: OrdersTableProps['orderAgain'];
} & Pick<OrderDocumentActions, 'onDownloadInvoice' | 'downloadingInvoiceId'>) {
  const words = texts.checkout.group;
  // A line still to pay: the checkout is paid as one, from here.
  const unpaid = group.lines.some((line) => isPayable(line.status));
  // Held (to pay, or awaiting its company's approval): not ordered again yet.
  const held = group.lines.some((line) => isHeld(line.status));
  const first = group.lines[0]!;
  const paid = group.lines.find((line) => wasPaid(line.status));
  // Paid, or placed on account: the checkout's one invoice.
  const invoiced = invoicedLine(group);
  const headId = checkoutHeadId(group.checkoutId);
  return (
    <CheckoutHeadRow
      group={group}
      columns={6}
      reference={<span className="font-mono whitespace-nowrap">{group.reference}</span>}
      shipping={shipping}
      note={awaitsApproval(group) ? words.awaitingApprovalNote : undefined}
      facts={[
        <span key="placed">
          {words.placed}{' '}
          <time dateTime={first.createdAt} className="whitespace-nowrap">
            {formatDateTime(first.createdAt)}
          </time>
        </span>,
        `${words.shipTo}: ${shipToTown(first.address)}`,
        ...(paid?.transectionId
          ? [
              <span key="transaction">
                {texts.orders.transactionId}:{' '}
                <span className="font-mono break-all">{paid.transectionId}</span>
              </span>,
            ]
          : []),
      ]}
      actions={
        <>
          {unpaid ? (
            <RowLink
              to={routes.dashboardCheckoutPayment(group.checkoutId)}
              rowNameId={headId}
              className="btn-success max-md:flex-1"
            >
              {words.payAll}
            </RowLink>
          ) : null}
          {invoiced ? (
            <BusyButton
              busy={downloadingInvoiceId === invoiced._id}
              className="btn-outline btn-sm max-md:flex-1"
              aria-label={words.invoiceLabel(group.reference)}
              onClick={() => onDownloadInvoice(invoiced)}
            >
              {texts.orders.invoice}
            </BusyButton>
          ) : null}
          {/* Once paid (or closed): an unpaid checkout is paid, not ordered again. */}
          {orderAgain && !held ? orderAgain({ checkoutId: group.checkoutId }) : null}
        </>
      }
    />
  );
}

export function OrdersTable({ orders, shippingCharges, ...actions }: OrdersTableProps) {
  const idPrefix = useId();
  const groups = groupByCheckout(orders);
  // One line charged shipping is paid with it, from a head that says so (issue 42), as one whose
  // tax is said is (issue 45); one awaiting approval has a head that says why it cannot be paid
  // (issue 44).
  const shownAsGroup = (group: CheckoutGroup) => {
    const charge = shippingCharges?.get(group.checkoutId);
    return (
      isShownAsGroup(group) ||
      chargesShipping(charge) ||
      (charge?.tax !== undefined && saysTax(charge.tax)) ||
      awaitsApproval(group)
    );
  };
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
          {shownAsGroup(group) ? (
            <CheckoutGroupHead
              group={group}
              shipping={shippingCharges?.get(group.checkoutId)}
              {...actions}
            />
          ) : null}
          {group.lines.map((order) => {
            const inGroup = shownAsGroup(group);
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
                    {/* A checkout's head says when, and where to, once for its lines. */}
                    {inGroup ? null : (
                      <span className="text-base-content/70 block text-xs">
                        {texts.orders.placed}{' '}
                        <time dateTime={order.createdAt} className="whitespace-nowrap">
                          {formatDateTime(order.createdAt)}
                        </time>
                      </span>
                    )}
                    {inGroup ? null : (
                      <span className="text-base-content/70 block text-xs wrap-break-word whitespace-pre-line xl:max-w-64">
                        {texts.orders.address}: {order.address}
                      </span>
                    )}
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
                  buyerOnHead={inGroup}
                  className="align-top"
                />
                <td className="align-top max-xl:pt-2! md:max-xl:col-span-2">
                  <div className="flex flex-col gap-2 md:max-xl:flex-row md:max-xl:items-center md:max-xl:justify-between">
                    <OrderStatusLine order={order} now={now} showTransaction={!inGroup} />
                    <OrderActions order={order} nameId={nameId} inGroup={inGroup} {...actions} />
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
