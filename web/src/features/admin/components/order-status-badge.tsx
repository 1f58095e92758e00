import { texts, type OrderStatus } from '@tools-factory/contract';

// Dark text on each: daisyUI's white-on-green success badge is below WCAG AA for small text.
const badges: Record<OrderStatus, { label: string; className: string }> = {
  unpaid: { label: texts.manageOrders.unpaidBadge, className: 'badge-outline' },
  // 'panding' is how the spec spells a paid order's badge (My Orders shows the same).
  paid: { label: texts.orders.paidBadge, className: 'badge-warning' },
  shipped: {
    label: texts.orders.shippedBadge,
    className: 'border-success/50 bg-success/15 text-base-content',
  },
  cancelled: { label: texts.orders.cancelledBadge, className: 'badge-ghost' },
  refunded: { label: texts.orders.refundedBadge, className: 'badge-ghost' },
  disputed: { label: texts.orders.disputedBadge, className: 'badge-error badge-outline' },
};

/** Where an order stands: unpaid, 'panding' (paid, waiting to be shipped) or shipped. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { label, className } = badges[status];
  return <span className={`badge whitespace-nowrap ${className}`}>{label}</span>;
}
