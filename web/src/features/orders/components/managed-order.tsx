import {
  formatMoney,
  orderActions,
  routes,
  texts,
  type ManagedOrder,
  type ManagedOrderDetail,
  type ShipOrder,
  orderAdminTexts,
} from '@tools-factory/contract';
import { useState } from 'react';
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
import { useRefundOrderTold } from '../hooks/use-refund-order-told';
import { CancelOrderDialog } from './cancel-order-dialog';
import { OrderCard } from './order-card';
import { OrderDocumentButtons } from './order-cells';
import { OrderFacts, orDash } from './order-facts';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTimeline } from './order-timeline';
import { RefundOrderDialog } from './refund-order-dialog';
import { RefundedNote } from './refunded-note';
import { ShipOrderDialog } from './ship-order-dialog';

const words = orderAdminTexts.orderPage;

/** The order's page once loaded: its cards, its actions and their dialogs. */
function OrderDetail({ order }: { order: ManagedOrderDetail }) {
  const shipOrder = useShipOrder();
  const unshipOrder = useUnshipOrder();
  const cancelOrder = useCancelOrderTold();
  const refundOrder = useRefundOrderTold();
  const documents = useOrderDocuments();
  const [shipping, setShipping] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [refunding, setRefunding] = useState(false);
  // When the page was shown: Undo ship is offered if its window was open then (the server decides).
  const [now] = useState(() => Date.now());
  const allowed = orderActions(order, now);

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

  function confirmCancel(toCancel: ManagedOrder, refund: boolean) {
    cancelOrder.cancel(toCancel, refund, () => setCancelling(false));
  }

  async function refundPart(toRefund: ManagedOrder, amount: number) {
    await refundOrder.refund(toRefund, amount);
    setRefunding(false);
  }

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-bold">{words.title(order.reference)}</h2>
        <OrderStatusBadge order={order} />
      </div>
      <div className="mb-6 flex flex-wrap gap-2">
        {allowed.ship ? (
          <button
            type="button"
            className="btn btn-primary btn-sm max-sm:flex-1"
            onClick={() => setShipping(true)}
          >
            {texts.manageOrders.ship}
          </button>
        ) : null}
        {allowed.cancel ? (
          <button
            type="button"
            className="btn btn-error btn-outline btn-sm max-sm:flex-1"
            onClick={() => setCancelling(true)}
          >
            {texts.manageOrders.cancel}
          </button>
        ) : null}
        {allowed.refundPart ? (
          <button
            type="button"
            className="btn btn-outline btn-sm max-sm:flex-1"
            onClick={() => setRefunding(true)}
          >
            {texts.manageOrders.refund.open}
          </button>
        ) : null}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <OrderCard title={words.customer}>
          <OrderFacts
            rows={[
              [words.name, order.customerName ?? words.removedAccount],
              [words.email, <EmailAddress key="email" email={order.email} />],
              [words.phone, orDash(order.phone)],
              [words.address, order.address],
            ]}
          />
        </OrderCard>
        <OrderCard title={words.line}>
          <OrderFacts
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
                // Its checkout's page (issue 42): the other lines, the shipments, Ship… for all.
                <Link
                  key="checkout"
                  to={routes.dashboardManagedCheckout(order.checkoutId)}
                  className="link font-mono"
                  aria-label={texts.shipments.checkoutPage.openCheckout(order.checkoutReference)}
                >
                  {order.checkoutReference}
                </Link>,
              ],
              [words.poNumber, orDash(order.poNumber)],
              [words.quantity, formatCount(order.quantity)],
              [words.unitPrice, formatMoney(order.price)],
              [
                words.total,
                <span key="total">
                  <strong>{formatMoney(order.total)}</strong>
                  <RefundedNote refunded={order.refunded} />
                </span>,
              ],
            ]}
          />
        </OrderCard>
        <OrderCard title={words.payment}>
          <OrderFacts
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
          {allowed.invoice ? (
            <div className="flex flex-wrap gap-2">
              <OrderDocumentButtons order={order} className="btn-outline btn-sm" {...documents} />
            </div>
          ) : null}
        </OrderCard>
        <OrderCard title={words.shipping}>
          <OrderFacts
            rows={[
              [words.carrier, orDash(order.carrier)],
              [words.trackingNumber, orDash(order.trackingNumber)],
              [words.shippedAt, order.shippedAt ? formatDateTime(order.shippedAt) : words.noValue],
            ]}
          />
          {allowed.undoShip && order.unshipUntil ? (
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
        </OrderCard>
      </div>
      <section className="mt-6" aria-label={words.timeline}>
        <h3 className="mb-3 text-lg font-bold">{words.timeline}</h3>
        <OrderTimeline events={order.events} />
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
      <RefundOrderDialog
        order={refunding ? order : null}
        busy={refundOrder.isPending}
        onRefund={refundPart}
        onClose={() => setRefunding(false)}
      />
    </>
  );
}

/**
 * An order's page for admins (/dashborad/allorders/{id}, issue 25): who ordered it and where it
 * goes, its line and amounts, its payment and documents, its shipping, and its timeline. Ship
 * asks for the carrier and tracking number; Undo ship is offered within 24 hours of shipping,
 * with the time it ends; Cancel asks first, naming the amount refunded (or not, issue 42);
 * Refund part gives back part of a paid line's amount, with a credit note.
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
