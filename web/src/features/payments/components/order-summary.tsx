import { formatMoney, orderTotal, texts, type Order } from '@tools-factory/contract';
import { CardSection } from '../../../components/ui/card-section';
import { Thumbnail } from '../../../components/ui/thumbnail';
import { formatCount } from '../../../lib/format';

interface OrderSummaryProps {
  order: Order;
}

/** What is being paid for: the tool's picture and name, unit price, quantity and the total. */
export function OrderSummary({ order }: OrderSummaryProps) {
  return (
    <CardSection title={texts.payment.orderSummary}>
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
    </CardSection>
  );
}
