import { formatMoney, texts, type ManagedOrder } from '@tools-factory/contract';
import { RefundedNote } from './refunded-note';

interface ManagedOrderSummaryProps {
  order: ManagedOrder;
  /** The order's total too, and what went back of it: where the answer moves money. */
  withTotal?: boolean;
}

/**
 * The order an admin's question is about: its tool, then the customer and the quantity (an admin
 * answers for other people's orders: the name alone may not say which).
 */
export function ManagedOrderSummary({ order, withTotal = false }: ManagedOrderSummaryProps) {
  const { columns } = texts.manageOrders;
  return (
    <>
      <p className="text-lg font-semibold break-words">{order.name}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-base-content/70">{columns.customer}</dt>
        <dd className="min-w-0 break-all">{order.email}</dd>
        <dt className="text-base-content/70">{columns.quantity}</dt>
        <dd>{order.quantity}</dd>
        {withTotal ? (
          <>
            <dt className="text-base-content/70">{columns.total}</dt>
            <dd>
              <span className="font-semibold">{formatMoney(order.total)}</span>
              <RefundedNote refunded={order.refunded} />
            </dd>
          </>
        ) : null}
      </dl>
    </>
  );
}
