import { isHeld, texts, type Order } from '@tools-factory/contract';
import { formatDateTime } from '../../../lib/format';
import { OrderStatusBadge } from './order-status-badge';

/**
 * Where the customer's order stands: unpaid with the time its hold ends (or ended), 'panding'
 * (paid, waiting to ship) or shipped, with the payment's transaction id once paid.
 */
export function OrderStatusLine({
  order,
  now,
  showTransaction = true,
}: {
  order: Order;
  now: Date;
  /** False for a line under its checkout's head, which shows the one payment. */
  showTransaction?: boolean;
}) {
  const holdUntil = isHeld(order.status) ? order.holdUntil : null;
  return (
    <div className="flex flex-col items-start gap-1">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <OrderStatusBadge order={order} />
        {holdUntil ? (
          <time dateTime={holdUntil} className="text-base-content/80 text-xs">
            {new Date(holdUntil) > now
              ? texts.orders.heldUntil(formatDateTime(holdUntil))
              : texts.orders.expired(formatDateTime(holdUntil))}
          </time>
        ) : null}
      </p>
      {showTransaction && order.transectionId ? (
        <p className="text-xs">
          <span className="text-base-content/70">{texts.orders.transactionId}: </span>
          <span className="font-mono break-all">{order.transectionId}</span>
        </p>
      ) : null}
    </div>
  );
}
