import { formatMoney, orderTotal, texts, type Order } from '@tools-factory/contract';
import { useId } from 'react';
import { Thumbnail } from '../../../components/ui/thumbnail';
import { formatCount } from '../../../lib/format';

interface OrderSummaryProps {
  order: Order;
}

/** What is being paid for: the tool's picture and name, unit price, quantity and the total. */
export function OrderSummary({ order }: OrderSummaryProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="card bg-base-100 border-base-300 border shadow-sm"
    >
      <div className="card-body gap-4">
        <h3 id={headingId} className="card-title">
          {texts.payment.orderSummary}
        </h3>
        <div className="flex items-center gap-4">
          {/* Decorative: the name beside it says what it shows. */}
          <Thumbnail src={order.img} size="lg" />
          <p className="min-w-0 text-lg font-semibold break-words">{order.name}</p>
        </div>
        <dl className="flex flex-col gap-2">
          <div className="flex justify-between gap-4">
            <dt className="text-base-content/70">{texts.payment.unitPrice}</dt>
            <dd>{formatMoney(order.price)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-base-content/70">{texts.payment.quantity}</dt>
            <dd>{formatCount(order.quantity)}</dd>
          </div>
          <div className="border-base-300 flex justify-between gap-4 border-t pt-2 text-lg font-bold">
            <dt>{texts.payment.total}</dt>
            <dd>{formatMoney(orderTotal(order.price, order.quantity))}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
