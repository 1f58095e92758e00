import {
  formatMoney,
  isAwaitingApproval,
  isInvoiced,
  orderActions,
  orderTotal,
  routes,
  texts,
  type Order,
} from '@tools-factory/contract';
import { useEffect, useId, useRef } from 'react';
import { FaCheckCircle } from 'react-icons/fa';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';

interface OrderConfirmationProps {
  order: Order;
}

/**
 * What the customer needs once an order is placed: what it is called (its reference), what it
 * costs, how long its stock is held unpaid, and the way on (Pay now, My Orders). One over a
 * company buyer's monthly limit (issue 44) is not paid yet: it says why, as one placed on
 * account (issue 45) does. Focus moves to its
 * heading, so a screen reader reads it and a phone scrolls it into view.
 */
export function OrderConfirmation({ order }: OrderConfirmationProps) {
  const { confirmation } = texts.purchase;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  // Each new order (a new id) is announced again, even when the panel was already showing.
  useEffect(() => {
    heading.current?.focus();
  }, [order._id]);

  return (
    <section
      aria-labelledby={headingId}
      className="border-success/50 bg-success/10 rounded-box flex flex-col gap-3 border p-4"
    >
      <h2
        id={headingId}
        ref={heading}
        tabIndex={-1}
        // Scrolled into view below the sticky top bar, not under it.
        className="flex scroll-mt-24 items-center gap-2 text-lg font-bold outline-none"
      >
        <FaCheckCircle aria-hidden="true" className="text-success shrink-0" />
        {confirmation.title}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-base-content/70">{confirmation.reference}</dt>
        <dd className="font-mono font-semibold">{order.reference}</dd>
        <dt className="text-base-content/70">{confirmation.total}</dt>
        <dd className="font-semibold">{formatMoney(orderTotal(order.price, order.quantity))}</dd>
      </dl>
      {isAwaitingApproval(order.status) ? (
        <p className="text-sm">{texts.checkout.group.awaitingApprovalNote}</p>
      ) : isInvoiced(order.status) ? (
        <p className="text-sm">{texts.onAccount.invoicedNote}</p>
      ) : order.holdUntil ? (
        <p className="text-sm">{confirmation.heldUntil(formatDateTime(order.holdUntil))}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {orderActions(order).pay ? (
          <Link to={routes.dashboardPayment(order._id)} className="btn btn-primary max-sm:flex-1">
            {confirmation.payNow}
          </Link>
        ) : null}
        <Link to={routes.dashboardOrders} className="btn btn-outline max-sm:flex-1">
          {confirmation.myOrders}
        </Link>
      </div>
    </section>
  );
}
