import { formatMoney, texts } from '@tools-factory/contract';

/**
 * '$120.00 refunded' under a line's total once some of it went back (issue 42), in My Orders,
 * Manage Orders and the admins' pages alike; nothing while none did.
 */
export function RefundedNote({ refunded }: { refunded: number }) {
  if (refunded <= 0) return null;
  return (
    <span className="text-base-content/70 block text-xs">
      {texts.orders.lineRefunded(formatMoney(refunded))}
    </span>
  );
}
