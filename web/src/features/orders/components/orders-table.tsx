import { routes, texts, type Order } from '@tools-factory/contract';
import { useId } from 'react';
import { cardRow, DataTable } from '../../../components/ui/data-table';
import { RemoveRowButton, RowLink } from '../../../components/ui/row-actions';
import { formatDateTime } from '../../../lib/format';
import type { OrderDocumentActions } from '../hooks/use-order-documents';
import { OrderDocumentButtons, OrderFigureCells, OrderTitle } from './order-cells';
import { OrderStatusLine } from './order-status';

interface OrdersTableProps extends OrderDocumentActions {
  orders: Order[];
  onRemove: (order: Order) => void;
}

type OrderActionsProps = { order: Order; nameId: string } & Omit<OrdersTableProps, 'orders'>;

/**
 * An unpaid order can be paid or removed (DESIGN.md section 4); a paid or shipped one has its
 * invoice to download; a cancelled one its invoice and its credit note.
 */
function OrderActions({ order, nameId, onRemove, ...documents }: OrderActionsProps) {
  if (order.status !== 'unpaid') {
    const buttons = (
      <OrderDocumentButtons
        order={order}
        className="btn-outline btn-sm max-md:w-full max-md:flex-1"
        {...documents}
      />
    );
    // Cancelled: the invoice, and the credit note that gives its amount back, side by side.
    return order.status === 'cancelled' ? <div className="flex gap-2">{buttons}</div> : buttons;
  }
  return (
    <div className="flex gap-2">
      <RowLink
        to={routes.dashboardPayment(order._id)}
        rowNameId={nameId}
        className="btn-success max-md:flex-1"
      >
        {texts.orders.pay}
      </RowLink>
      <RemoveRowButton
        rowNameId={nameId}
        className="max-md:flex-1"
        onClick={() => onRemove(order)}
      />
    </div>
  );
}

/**
 * The customer's orders under the spec's columns (no., name, email, quantity, price, action),
 * each told apart by what a person reads: its reference and when it was placed, where it ships,
 * the total (with the unit price), and where it stands (unpaid and held until when, 'panding',
 * shipped), with its invoice once paid. A table from xl; narrower (a phone, or a laptop beside the dashboard's menu) each
 * order is a card, its pay and Remove across the card, never off-screen.
 */
export function OrdersTable({ orders, ...actions }: OrdersTableProps) {
  const idPrefix = useId();
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
      {orders.map((order, index) => {
        const nameId = `${idPrefix}-${order._id}`;
        return (
          <tr key={order._id} className={cardRow('xl')}>
            <th scope="row" className="align-top font-normal max-xl:sr-only">
              {index + 1}
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
              labels={{ email: columns.email, quantity: columns.quantity, total: columns.price }}
              nowrapEmailFromXl
              className="align-top"
            />
            <td className="align-top max-xl:pt-2! md:max-xl:col-span-2">
              <div className="flex flex-col gap-2 md:max-xl:flex-row md:max-xl:items-center md:max-xl:justify-between">
                <OrderStatusLine order={order} now={now} />
                <OrderActions order={order} nameId={nameId} {...actions} />
              </div>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
