import {
  formatMoney,
  routes,
  texts,
  type ManagedOrder,
  type ManagedOrderDetail,
  type OrderEvent,
  type ShipOrder,
  orderAdminTexts,
} from '@tools-factory/contract';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/ui/busy-button';
import { EmailAddress } from '../../../components/ui/email-address';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { errorMessage } from '../../../lib/api-client';
import { formatCount, formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useManagedOrder } from '../api/get-managed-order';
import { useShipOrder } from '../api/ship-order';
import { useUnshipOrder } from '../api/unship-order';
import { useCancelOrderTold } from '../hooks/use-cancel-order-told';
import { useOrderDocuments } from '../hooks/use-order-documents';
import { CancelOrderDialog } from './cancel-order-dialog';
import { OrderDocumentButtons } from './order-cells';
import { OrderStatusBadge } from './order-status-badge';
import { ShipOrderDialog } from './ship-order-dialog';

const words = orderAdminTexts.orderPage;

/** A paid order an admin may cancel: paid, shipped, or refunded by the gateway (not disputed). */
const cancellable = (order: ManagedOrder) =>
  order.status === 'paid' || order.status === 'shipped' || order.status === 'refunded';

/** One card of the page: a heading and its facts. */
function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card bg-base-100 border-base-300 border" aria-label={title}>
      <div className="card-body gap-3 p-4 md:p-6">
        <h3 className="card-title text-lg">{title}</h3>
        {children}
      </div>
    </section>
  );
}

/** Facts under their names: the name in grey above (a phone) or on the left (wider). */
function Facts({ rows }: { rows: readonly [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-base-content/70 max-sm:mt-1">{term}</dt>
          <dd className="min-w-0 wrap-break-word whitespace-pre-line">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const orDash = (value: string | null | undefined): string =>
  value && value.trim() !== '' ? value : words.noValue;

/** What an event adds to its line: the tracking, the e-mail's subject, the credit note. */
function eventDetail(event: OrderEvent): string {
  const { detail } = event;
  switch (event.kind) {
    case 'shipped':
      return [detail.carrier, detail.trackingNumber].filter(Boolean).join(' ');
    case 'email':
      return detail.subject ?? '';
    case 'cancelled':
      return [detail.amount, detail.creditNote].filter(Boolean).join(', ');
    case 'paid':
    case 'refunded':
    case 'disputed':
      return detail.transactionId ?? '';
    default:
      return '';
  }
}

/** The order's timeline, oldest first: what happened, when (as the pages write dates), who. */
function Timeline({ events }: { events: OrderEvent[] }) {
  if (events.length === 0) return <p className="text-sm">{words.noEvents}</p>;
  return (
    <ol className="border-base-300 ml-2 flex flex-col gap-3 border-l-2 pl-4">
      {events.map((event, index) => {
        const detail = eventDetail(event);
        return (
          <li key={`${event.at}-${index}`} className="relative text-sm">
            <span
              className={`absolute top-1.5 -left-[1.4rem] h-2.5 w-2.5 rounded-full ${event.kind === 'email' ? 'bg-base-300' : 'bg-primary'}`}
              aria-hidden="true"
            />
            <span className="font-semibold">{words.events[event.kind]}</span>{' '}
            <time dateTime={event.at} className="text-base-content/70 whitespace-nowrap">
              {formatDateTime(event.at)}
            </time>
            {event.actor ? (
              <span className="text-base-content/70"> {words.by(event.actor)}</span>
            ) : null}
            {detail ? <span className="block wrap-break-word">{detail}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}

/** The order's page once loaded: its cards, its actions and their dialogs. */
function OrderDetail({ order }: { order: ManagedOrderDetail }) {
  const shipOrder = useShipOrder();
  const unshipOrder = useUnshipOrder();
  const cancelOrder = useCancelOrderTold();
  const documents = useOrderDocuments();
  const [shipping, setShipping] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  // When the page was shown: Undo ship is offered if its window was open then (the server decides).
  const [now] = useState(() => Date.now());
  const canUndoShip =
    order.status === 'shipped' && order.unshipUntil !== null && Date.parse(order.unshipUntil) > now;

  function ship(shipped: ManagedOrder, shipment: ShipOrder) {
    return shipOrder.mutateAsync({ id: shipped._id, shipment }).then((answer) => {
      setShipping(false);
      toast.success(texts.manageOrders.shipSuccess(answer.name, answer.email));
    });
  }

  function unship() {
    unshipOrder.mutate(order._id, {
      onSuccess: () => toast.success(orderAdminTexts.unshipSuccess(order.reference)),
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  function confirmCancel(toCancel: ManagedOrder) {
    cancelOrder.cancel(toCancel, () => setCancelling(false));
  }

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-bold">{words.title(order.reference)}</h2>
        <OrderStatusBadge status={order.status} />
      </div>
      <div className="mb-6 flex flex-wrap gap-2">
        {order.status === 'paid' ? (
          <button
            type="button"
            className="btn btn-primary btn-sm max-sm:flex-1"
            onClick={() => setShipping(true)}
          >
            {texts.manageOrders.ship}
          </button>
        ) : null}
        {cancellable(order) ? (
          <button
            type="button"
            className="btn btn-error btn-outline btn-sm max-sm:flex-1"
            onClick={() => setCancelling(true)}
          >
            {texts.manageOrders.cancel}
          </button>
        ) : null}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={words.customer}>
          <Facts
            rows={[
              [words.name, order.customerName ?? words.removedAccount],
              [words.email, <EmailAddress key="email" email={order.email} />],
              [words.phone, orDash(order.phone)],
              [words.address, order.address],
            ]}
          />
        </Card>
        <Card title={words.line}>
          <Facts
            rows={[
              [words.tool, order.name],
              [
                words.sku,
                <span key="sku" className="font-mono">
                  {orDash(order.sku)}
                </span>,
              ],
              [
                words.checkout,
                <span key="checkout" className="font-mono">
                  {order.checkoutReference}
                </span>,
              ],
              [words.poNumber, orDash(order.poNumber)],
              [words.quantity, formatCount(order.quantity)],
              [words.unitPrice, formatMoney(order.price)],
              [words.total, <strong key="total">{formatMoney(order.total)}</strong>],
            ]}
          />
        </Card>
        <Card title={words.payment}>
          <Facts
            rows={[
              [
                words.transactionId,
                <span key="id" className="font-mono break-all">
                  {orDash(order.transectionId)}
                </span>,
              ],
              [words.paidAt, order.paidAt ? formatDateTime(order.paidAt) : words.notPaid],
            ]}
          />
          {order.status !== 'unpaid' ? (
            <div className="flex flex-wrap gap-2">
              <OrderDocumentButtons order={order} className="btn-outline btn-sm" {...documents} />
            </div>
          ) : null}
        </Card>
        <Card title={words.shipping}>
          <Facts
            rows={[
              [words.carrier, orDash(order.carrier)],
              [words.trackingNumber, orDash(order.trackingNumber)],
              [words.shippedAt, order.shippedAt ? formatDateTime(order.shippedAt) : words.noValue],
            ]}
          />
          {canUndoShip && order.unshipUntil ? (
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-sm">
                {orderAdminTexts.unshipUntil(formatDateTime(order.unshipUntil))}
              </p>
              <BusyButton
                busy={unshipOrder.isPending}
                className="btn-outline btn-sm max-sm:w-full"
                onClick={unship}
              >
                {orderAdminTexts.unship}
              </BusyButton>
            </div>
          ) : null}
        </Card>
      </div>
      <section className="mt-6" aria-label={words.timeline}>
        <h3 className="mb-3 text-lg font-bold">{words.timeline}</h3>
        <Timeline events={order.events} />
      </section>
      <ShipOrderDialog
        order={shipping ? order : null}
        busy={shipOrder.isPending}
        onShip={ship}
        onClose={() => setShipping(false)}
      />
      <CancelOrderDialog
        order={cancelling ? order : null}
        busy={cancelOrder.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(false)}
      />
    </>
  );
}

/**
 * An order's page for admins (/dashborad/allorders/{id}, issue 25): who ordered it and where it
 * goes, its line and amounts, its payment and documents, its shipping, and its timeline. Ship
 * asks for the carrier and tracking number; Undo ship is offered within 24 hours of shipping,
 * with the time it ends; Cancel asks first, naming the amount refunded.
 */
export function ManagedOrderView({ id }: { id: string }) {
  const order = useManagedOrder(id);
  return (
    <>
      <Link to={routes.dashboardAllOrders} className="link mb-4 inline-block text-sm">
        ← {words.back}
      </Link>
      <QueryBoundary query={order}>{(loaded) => <OrderDetail order={loaded} />}</QueryBoundary>
    </>
  );
}
