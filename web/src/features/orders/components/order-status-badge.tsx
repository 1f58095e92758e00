import { shownStatus, texts, type Order, type OrderStatus } from '@tools-factory/contract';

// Dark text on each: daisyUI's white-on-green success badge is below WCAG AA for small text. The
// shipped one's light green is mixed with the page's colour, not see-through, so what is measured
// (e2e/support/contrast.ts) is what is painted.
const badges: Record<OrderStatus, { label: string; className: string }> = {
  unpaid: { label: texts.orders.unpaidBadge, className: 'badge-outline' },
  // Over a company buyer's monthly limit (issue 44): held like an unpaid one, not payable yet;
  // the pale blue of the note that says why, mixed with the page's colour as the shipped one's.
  awaiting_approval: {
    label: texts.orders.awaitingApprovalBadge,
    className:
      'border-info/50 bg-[color-mix(in_oklab,var(--color-info)_12%,var(--color-base-100))] text-base-content',
  },
  // On account (issue 45): ordered for good, its invoice open; the outline of an order to pay.
  invoiced: {
    label: texts.orders.invoicedBadge,
    className: 'badge-info badge-outline text-base-content',
  },
  // 'panding' is how the spec spells a paid order's badge.
  paid: { label: texts.orders.paidBadge, className: 'badge-warning' },
  // Some of it left, the rest is still to ship: the paid badge's warning hue, outlined.
  partly_shipped: {
    label: texts.orders.partlyShippedBadge,
    className: 'badge-warning badge-outline text-base-content',
  },
  shipped: {
    label: texts.orders.shippedBadge,
    className:
      'border-success/50 bg-[color-mix(in_oklab,var(--color-success)_15%,var(--color-base-100))] text-base-content',
  },
  cancelled: { label: texts.orders.cancelledBadge, className: 'badge-ghost' },
  refunded: { label: texts.orders.refundedBadge, className: 'badge-ghost' },
  disputed: { label: texts.orders.disputedBadge, className: 'badge-error badge-outline' },
  // Ended unpaid (issue 44): only Manage Orders' filter shows them, struck through.
  removed: { label: texts.orders.removedBadge, className: 'badge-ghost line-through' },
  expired: { label: texts.orders.expiredBadge, className: 'badge-ghost line-through' },
  rejected: { label: texts.orders.rejectedBadge, className: 'badge-ghost line-through' },
};

/**
 * Where an order stands, in My Orders and Manage Orders alike: unpaid, 'panding', shipped...
 * As the line reads (shownStatus, issue 42): cancelled with its money given back, 'refunded';
 * cancelled without a refund, 'cancelled'.
 */
export function OrderStatusBadge({ order }: { order: Pick<Order, 'status' | 'refunded'> }) {
  const { label, className } = badges[shownStatus(order)];
  return <span className={`badge whitespace-nowrap ${className}`}>{label}</span>;
}
