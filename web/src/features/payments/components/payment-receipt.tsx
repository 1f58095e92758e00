import { isPaid, routes, texts, type Order } from '@tools-factory/contract';
import { useEffect, useRef, type ReactNode } from 'react';
import { FaCheckCircle } from 'react-icons/fa';
import { Link } from 'react-router';

interface PaymentReceiptProps {
  /** A paid (or shipped) order. */
  order: Order;
  /** Paid on this visit: 'payment is complete'; otherwise the order was paid before. */
  justPaid?: boolean;
  /** What a later visit says instead of 'This order is paid.' (a checkout's page). */
  alreadyPaidText?: string;
  /** More ways on, before the way back (a checkout's invoice). */
  children?: ReactNode;
}

/**
 * A paid order in place of the card form: 'payment is complete' right after paying (or 'This
 * order is paid.' on a later visit), its status as My Orders shows it, the transaction id, and
 * the way back to My Orders.
 */
export function PaymentReceipt({
  order,
  justPaid = false,
  alreadyPaidText = texts.payment.alreadyPaid,
  children,
}: PaymentReceiptProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The Pay button that had the focus is gone: the news takes it, so screen readers read it
    // and the keyboard goes on from here rather than from the top of the page.
    if (justPaid) headingRef.current?.focus();
  }, [justPaid]);

  // Paid and waiting to ship ('panding'), or shipped.
  const waitsToShip = isPaid(order.status);
  return (
    <div className="flex flex-col items-start gap-4">
      <h3 ref={headingRef} tabIndex={-1} className="card-title outline-none">
        <FaCheckCircle className="text-success shrink-0" aria-hidden="true" />
        {justPaid ? texts.payment.complete : alreadyPaidText}
      </h3>
      <span className={`badge ${waitsToShip ? 'badge-warning' : 'badge-success'}`}>
        {waitsToShip ? texts.orders.paidBadge : texts.orders.shippedBadge}
      </span>
      {order.transectionId ? (
        <p className="w-full text-sm">
          <span className="text-base-content/70 block">{texts.payment.transactionId}</span>
          <span className="font-mono break-all">{order.transectionId}</span>
        </p>
      ) : null}
      {children}
      <Link to={routes.dashboardOrders} className="btn btn-primary">
        {texts.payment.backToOrders}
      </Link>
    </div>
  );
}
