import { orderTotal, routes, texts, type Order } from '@tools-factory/contract';
import { Link } from 'react-router';
import { DataTable, FigureWithNote } from '../../../components/ui/data-table';
import { Thumbnail } from '../../../components/ui/thumbnail';
import { formatPrice } from '../../../lib/format';

interface OrdersTableProps {
  orders: Order[];
  onRemove: (order: Order) => void;
}

/** What the customer can do with an order, by its status (DESIGN.md section 4). */
function OrderActions({
  order,
  nameId,
  onRemove,
}: { order: Order; nameId: string } & Pick<OrdersTableProps, 'onRemove'>) {
  if (order.status === 'unpaid') {
    return (
      <div className="flex gap-2">
        <Link
          to={routes.dashboardPayment(order._id)}
          className="btn btn-success btn-sm"
          aria-describedby={nameId}
        >
          {texts.orders.pay}
        </Link>
        <button
          type="button"
          className="btn btn-error btn-outline btn-sm"
          aria-describedby={nameId}
          onClick={() => onRemove(order)}
        >
          {texts.orders.remove}
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1">
      <span className={`badge ${order.status === 'paid' ? 'badge-warning' : 'badge-success'}`}>
        {order.status === 'paid' ? texts.orders.paidBadge : texts.orders.shippedBadge}
      </span>
      {order.transectionId ? (
        <p className="text-xs">
          <span className="text-base-content/70">{texts.orders.transactionId}: </span>
          <span className="font-mono break-all">{order.transectionId}</span>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The customer's orders: no., name, email, quantity, price, action (SPEC.md section 2). The price
 * is what the order costs (unit price times quantity), with the unit price under it. Wider than a
 * phone: it scrolls sideways inside its card, never the page.
 */
export function OrdersTable({ orders, onRemove }: OrdersTableProps) {
  const { columns } = texts.orders;
  return (
    <DataTable
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
        const nameId = `order-${order._id}-name`;
        return (
          <tr key={order._id}>
            <th scope="row">{index + 1}</th>
            <td>
              <div className="flex min-w-40 items-center gap-3">
                <Thumbnail src={order.img} size="sm" lazy />
                <span id={nameId} className="font-semibold">
                  {order.name}
                </span>
              </div>
            </td>
            <td className="whitespace-nowrap">{order.email}</td>
            <td className="text-right">{order.quantity}</td>
            <td className="text-right whitespace-nowrap">
              <FigureWithNote
                figure={formatPrice(orderTotal(order.price, order.quantity))}
                note={texts.orders.each(formatPrice(order.price))}
              />
            </td>
            <td>
              <OrderActions order={order} nameId={nameId} onRemove={onRemove} />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
