import {
  centsToDollars,
  dollarsToCents,
  hasLeftToShip,
  checkoutStatusOf,
  formatCount,
  formatMoney,
  orderActions,
  routes,
  shippedCount,
  texts,
  orderAdminTexts,
  type ManagedCheckout,
  type ManagedOrder,
  type Shipment,
} from '@tools-factory/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/ui/busy-button';
import { EmailAddress } from '../../../components/ui/email-address';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDownloadPackingSlip, useManagedCheckout, useUndoShipment } from '../api/shipments';
import { useCancelCheckout } from '../api/cancel-checkout';
import { useRefundOrderTold } from '../hooks/use-refund-order-told';
import { useShipCheckoutTold } from '../hooks/use-ship-checkout-told';
import { CancelCheckoutDialog, cancellableOf } from './cancel-checkout-dialog';
import { CheckoutShipping } from './checkout-shipping';
import { OrderCard } from './order-card';
import { OrderFacts, orDash } from './order-facts';
import { OrderStatusBadge } from './order-status-badge';
import { RefundOrderDialog } from './refund-order-dialog';
import { RefundedNote } from './refunded-note';
import { ShipCheckoutDialog } from './ship-checkout-dialog';

const words = texts.shipments.checkoutPage;
const orderWords = orderAdminTexts.orderPage;

/**
 * One line of the checkout: its order's page, what was ordered and shipped, its total and what
 * went back of it, its state, and Refund part while something of it is left to give back.
 */
function CheckoutLine({
  line,
  onRefund,
}: {
  line: ManagedOrder;
  onRefund: (line: ManagedOrder) => void;
}) {
  const nameId = useId();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
      <div className="min-w-0 grow basis-60">
        <span id={nameId} className="block font-medium wrap-break-word">
          {line.name}
        </span>
        <span className="text-base-content/70 block text-xs">
          <span className="font-mono">{line.sku}</span>
          {' · '}
          <Link
            to={routes.dashboardManagedOrder(line._id)}
            className="link font-mono"
            aria-label={words.openOrder(line.reference)}
          >
            {line.reference}
          </Link>
        </span>
      </div>
      <span className="text-sm tabular-nums">
        {words.shippedQuantity(formatCount(line.shippedQuantity), formatCount(line.quantity))}
      </span>
      <span className="text-right text-sm tabular-nums">
        <span className="font-semibold">{formatMoney(line.total)}</span>
        <RefundedNote refunded={line.refunded} />
      </span>
      <OrderStatusBadge order={line} />
      {orderActions(line).refundPart ? (
        <button
          type="button"
          className="btn btn-outline btn-xs"
          aria-describedby={nameId}
          onClick={() => onRefund(line)}
        >
          {texts.manageOrders.refund.open}
        </button>
      ) : null}
    </li>
  );
}

/** The checkout's lines, each with its figures, its state and its Refund part. */
function CheckoutLines({
  checkout,
  onRefund,
}: {
  checkout: ManagedCheckout;
  onRefund: (line: ManagedOrder) => void;
}) {
  return (
    <ul className="divide-base-content/10 divide-y">
      {checkout.lines.map((line) => (
        <CheckoutLine key={line._id} line={line} onRefund={onRefund} />
      ))}
    </ul>
  );
}

/** One shipment: its number, when, how it travels, what is in it, its slip and its undo. */
function ShipmentCard({
  shipment,
  checkout,
  now,
}: {
  shipment: Shipment;
  checkout: ManagedCheckout;
  now: number;
}) {
  const undo = useUndoShipment();
  const slip = useDownloadPackingSlip();
  const names = new Map(checkout.lines.map((line) => [line._id, line]));
  const units = shipment.lines.reduce((sum, line) => sum + line.quantity, 0);
  const undoable = shipment.undoUntil !== null && Date.parse(shipment.undoUntil) > now;
  const headingId = `shipment-${shipment._id}`;
  return (
    <li
      className={`card card-border bg-base-100 ${shipment.undoneAt ? 'opacity-70' : ''}`}
      aria-labelledby={headingId}
    >
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h4 id={headingId} className="font-mono font-bold">
            {shipment.number}
          </h4>
          <span className="text-base-content/70 text-sm">
            <time dateTime={shipment.shippedAt}>{formatDateTime(shipment.shippedAt)}</time>
            {' · '}
            {words.shipmentOf(formatCount(units))}
          </span>
          {shipment.undoneAt ? (
            <span className="badge badge-ghost badge-sm">{words.undoneOn}</span>
          ) : null}
        </div>
        {shipment.carrier || shipment.trackingNumber ? (
          <p className="text-sm wrap-break-word">
            {[shipment.carrier, shipment.trackingNumber].filter(Boolean).join(' ')}
            {shipment.trackingUrl ? (
              <>
                {' · '}
                <a href={shipment.trackingUrl} className="link" rel="noreferrer" target="_blank">
                  {words.track}
                </a>
              </>
            ) : null}
          </p>
        ) : null}
        <ul className="text-sm">
          {shipment.lines.map((line) => (
            <li key={line.orderId} className="wrap-break-word">
              {formatCount(line.quantity)} × {line.name}{' '}
              <span className="text-base-content/70 font-mono text-xs">
                {names.get(line.orderId)?.reference}
              </span>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap items-center gap-2">
          <BusyButton
            busy={slip.isPending}
            className="btn-outline btn-sm max-sm:flex-1"
            aria-label={words.packingSlipLabel(shipment.number)}
            onClick={() => slip.mutate(shipment, { onError: (e) => toast.error(errorMessage(e)) })}
          >
            {words.packingSlip}
          </BusyButton>
          {undoable ? (
            <>
              <BusyButton
                busy={undo.isPending}
                className="btn-outline btn-sm max-sm:flex-1"
                aria-label={words.undoLabel(shipment.number)}
                onClick={() =>
                  undo.mutate(shipment._id, {
                    onSuccess: () => toast.success(words.undone(shipment.number)),
                    onError: (error) => toast.error(errorMessage(error)),
                  })
                }
              >
                {words.undo}
              </BusyButton>
              <span className="text-base-content/70 text-xs">
                {words.undoUntil(formatDateTime(shipment.undoUntil!))}
              </span>
            </>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** The checkout once loaded: its summary, buyer, lines and shipments, and Ship… */
function CheckoutDetail({ checkout }: { checkout: ManagedCheckout }) {
  const refundOrder = useRefundOrderTold();
  const cancelCheckout = useCancelCheckout();
  const [shipping, setShipping] = useState(false);
  const shipCheckout = useShipCheckoutTold(() => setShipping(false));
  const [cancelling, setCancelling] = useState(false);
  /** The line whose Refund part asks for the amount; null when none does. */
  const [toRefund, setToRefund] = useState<ManagedOrder | null>(null);
  // When the page was shown: Undo is offered if its window was open then (the server decides).
  const [now] = useState(() => Date.now());
  const status = checkoutStatusOf(checkout.lines);
  const { shipped, of } = shippedCount(checkout.lines);
  const shippable = checkout.lines.some(hasLeftToShip);
  const cancellable = cancellableOf(checkout).lines > 0;

  function cancel(toCancel: ManagedCheckout, refund: boolean) {
    cancelCheckout.mutate(
      { checkoutId: toCancel._id, refund },
      {
        onSuccess: ({ creditNotes }) => {
          setCancelling(false);
          const refundedCents = creditNotes.reduce(
            (sum, note) => sum + dollarsToCents(note.amount),
            0,
          );
          toast.success(
            creditNotes.length > 0
              ? words.cancelled(
                  toCancel.reference,
                  formatMoney(centsToDollars(refundedCents)),
                  creditNotes.length,
                )
              : words.cancelledWithoutRefund(toCancel.reference),
          );
        },
        onError: (error) => {
          setCancelling(false);
          toast.error(errorMessage(error));
        },
      },
    );
  }

  async function refundPart(line: ManagedOrder, amount: number) {
    await refundOrder.refund(line, amount);
    setToRefund(null);
  }

  return (
    <>
      <div className="mb-2 flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-bold">{words.title(checkout.reference)}</h2>
        <span className="badge badge-outline">{texts.checkout.group.status[status]}</span>
      </div>
      <p className="text-base-content/70 mb-4 text-sm" aria-live="polite">
        {words.linesShipped(shipped, of)}
      </p>
      {shippable || cancellable ? (
        <div className="mb-6 flex flex-wrap gap-2">
          {shippable ? (
            <button
              type="button"
              className="btn btn-primary btn-sm max-sm:flex-1"
              onClick={() => setShipping(true)}
            >
              {words.ship}
            </button>
          ) : null}
          {cancellable ? (
            <button
              type="button"
              className="btn btn-outline btn-error btn-sm max-sm:flex-1"
              onClick={() => setCancelling(true)}
            >
              {words.cancel}
            </button>
          ) : null}
        </div>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <OrderCard title={words.buyer}>
            <OrderFacts
              rows={[
                [orderWords.email, <EmailAddress key="email" email={checkout.email} />],
                [orderWords.phone, orDash(checkout.phone)],
                [orderWords.address, checkout.address],
                [orderWords.poNumber, orDash(checkout.poNumber)],
                [words.placed, formatDateTime(checkout.createdAt)],
              ]}
            />
          </OrderCard>
          <CheckoutShipping checkout={checkout} />
        </div>
        <OrderCard title={words.lines}>
          <CheckoutLines checkout={checkout} onRefund={setToRefund} />
        </OrderCard>
      </div>
      <section className="mt-6" aria-labelledby="shipments-heading">
        <h3 id="shipments-heading" className="mb-3 text-lg font-bold">
          {words.shipments}
        </h3>
        {checkout.shipments.length === 0 ? (
          <p className="text-base-content/70 text-sm">{words.noShipments}</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {checkout.shipments.map((shipment) => (
              <ShipmentCard key={shipment._id} shipment={shipment} checkout={checkout} now={now} />
            ))}
          </ul>
        )}
      </section>
      <ShipCheckoutDialog
        checkout={shipping ? checkout : null}
        busy={shipCheckout.isPending}
        onShip={shipCheckout.ship}
        onClose={() => setShipping(false)}
      />
      <CancelCheckoutDialog
        checkout={cancelling ? checkout : null}
        busy={cancelCheckout.isPending}
        onConfirm={cancel}
        onCancel={() => setCancelling(false)}
      />
      <RefundOrderDialog
        order={toRefund}
        busy={refundOrder.isPending}
        onRefund={refundPart}
        onClose={() => setToRefund(null)}
      />
    </>
  );
}

/**
 * A checkout's page for admins (/dashborad/allorders/checkout/{id}, issue 42): who bought it and
 * where it goes, its shipping (quoted here when it waits for a quote), each line with how much of
 * it shipped, and its shipments, each with its packing slip and, within 24 hours, Undo. Ship…
 * opens one dialog for the whole checkout; a line's Refund part gives back part of its amount.
 */
export function ManagedCheckoutView({ id }: { id: string }) {
  const checkout = useManagedCheckout(id);
  return (
    <>
      <Link to={routes.dashboardAllOrders} className="link mb-4 inline-block text-sm">
        ← {words.back}
      </Link>
      <QueryBoundary query={checkout}>
        {(loaded) => <CheckoutDetail checkout={loaded} />}
      </QueryBoundary>
    </>
  );
}
