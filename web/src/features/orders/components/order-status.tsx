import { texts, type Order, type OrderStatus } from '@tools-factory/contract';
import { formatDateTime } from '../../../lib/format';

// Dark text on each: daisyUI's white-on-green success badge is below WCAG AA for small text. The
// shipped one's light green is mixed with the page's colour, not see-through, so what is measured
// (e2e/support/contrast.ts) is what is painted.
const badges: Record<OrderStatus, { label: string; className: string }> = {
  unpaid: { label: texts.orders.unpaidBadge, className: 'badge-outline' },
  // 'panding' is how the spec spells a paid order's badge.
  paid: { label: texts.orders.paidBadge, className: 'badge-warning' },
  shipped: {
    label: texts.orders.shippedBadge,
    className:
      'border-success/50 bg-[color-mix(in_oklab,var(--color-success)_15%,var(--color-base-100))] text-base-content',
  },
  cancelled: { label: texts.orders.cancelledBadge, className: 'badge-ghost' },
  refunded: { label: texts.orders.refundedBadge, className: 'badge-ghost' },
  disputed: { label: texts.orders.disputedBadge, className: 'badge-error badge-outline' },
};

/**
 * Where the customer's order stands: unpaid with the time its hold ends (or ended), 'panding'
 * (paid, waiting to ship) or shipped, with the payment's transaction id once paid.
 */
export function OrderStatusLine({ order, now }: { order: Order; now: Date }) {
  const { label, className } = badges[order.status];
  const holdUntil = order.status === 'unpaid' ? order.holdUntil : null;
  return (
    <div className="flex flex-col items-start gap-1">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className={`badge whitespace-nowrap ${className}`}>{label}</span>
        {holdUntil ? (
          <time dateTime={holdUntil} className="text-base-content/80 text-xs">
            {new Date(holdUntil) > now
              ? texts.orders.heldUntil(formatDateTime(holdUntil))
              : texts.orders.expired(formatDateTime(holdUntil))}
          </time>
        ) : null}
      </p>
      {order.transectionId ? (
        <p className="text-xs">
          <span className="text-base-content/70">{texts.orders.transactionId}: </span>
          <span className="font-mono break-all">{order.transectionId}</span>
        </p>
      ) : null}
    </div>
  );
}
