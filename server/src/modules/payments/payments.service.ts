import type { FastifyBaseLogger } from 'fastify';
import {
  centsToDollars,
  dollarsToCents,
  PRICE_LIMIT,
  serverTexts,
  texts,
  type CheckoutPaymentIntent,
  type ConfirmTestCard,
  type ConfirmTestCardResponse,
  type CreatePaymentIntent,
  type PaymentIntentResponse,
  type PaymentSettings,
  type RecordPaymentResponse,
  isAwaitingApproval,
  isInvoiced,
  isPayable,
} from '@tools-factory/contract';
import type { Database } from '../../db/client.ts';
import { badGateway, badRequest, conflict, notFound, paymentRequired } from '../../http-errors.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import type { Account } from '../identity/identity.service.ts';
import type { Invoice, InvoicesService } from '../invoices/invoices.service.ts';
import type { CheckoutLines } from '../checkouts/checkout-lines.ts';
import type { PayableOrder } from '../orders/order-dto.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { createCheckoutPaidAnnouncement } from '../checkouts/checkout-paid-announcement.ts';
import {
  GatewayError,
  RefundRaceError,
  PAYMENT_CURRENCY,
  type GatewayIntent,
  type PaymentGateway,
  type RefundPart,
} from './payment-gateway.ts';
import {
  findIntentByClientSecret,
  findIntentById,
  findIntentByIdempotencyKey,
  insertPayment,
  markIntentRefunded,
  markIntentSucceeded,
  recordIntent,
} from './payments.repository.ts';
import { judgeTestCard } from './test-cards.ts';

const errorsText = texts.paymentErrors;

/** Creating an intent keeps its order at least this long (docs/architecture.md#payments). */
const PAYMENT_HOLD_MS = 60 * 60 * 1000;

/** No shipping: a checkout whose row is gone charged none this payment could cover. */
const FREE = { cents: 0, taxCents: 0 };

/**
 * What settling a succeeded intent did. An intent pays a checkout (issue 26): `lines` are every
 * line it paid, in place order.
 */
export type Settlement =
  | { outcome: 'paid'; lines: PayableOrder[]; invoice: Invoice }
  | { outcome: 'already-paid'; lines: PayableOrder[] }
  /**
   * The checkout's lines are gone, were paid by another intent, or the intent is not for their
   * unpaid total in the shop's currency: the money went back.
   */
  | {
      outcome: 'refunded';
      reason: 'order-gone' | 'paid-otherwise' | 'amount-differs' | 'currency-differs';
    }
  /** Not an intent this server created (another shop on the same Stripe account): left alone. */
  | { outcome: 'ignored' };

const formatDollars = (cents: number) => `$${centsToDollars(cents).toFixed(2)}`;

/** Asks the gateway, turning its failures into a 502 for the person waiting. */
async function throughGateway<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GatewayError) throw badGateway(errorsText.gatewayFailed);
    throw error;
  }
}

/** The line a payment was asked from (the spec's order), else the checkout's first. */
function lineOf(lines: readonly PayableOrder[], orderId: string): PayableOrder {
  const line = lines.find(({ order }) => order._id === orderId) ?? lines[0];
  if (!line) throw new Error('a settled checkout has no line');
  return line;
}

/**
 * Card payments (docs/architecture.md#payments): the server decides that an order is paid. An
 * intent pays a checkout, every unpaid line of it at once (an order placed on its own is a
 * one-line checkout): it is created for their total, and they are marked paid only once the
 * gateway says this intent succeeded for that amount, whoever tells it (the browser's
 * PATCH /tool/{id} or Stripe's webhook). A payment that succeeds for a checkout whose lines are
 * gone, or whose unpaid total changed meanwhile (a line removed), is refunded.
 */
export function createPaymentsService(options: {
  db: Database;
  gateway: PaymentGateway;
  orders: OrdersService;
  /** Reads, holds and locks a checkout's lines together. */
  checkoutLines: CheckoutLines;
  /** Issues the invoice in the payment's transaction. */
  invoices: Pick<InvoicesService, 'issue'>;
  /** Takes the paid e-mails of a checkout of several lines in the payment's transaction. */
  outbox: OutboxWriter;
  /** Where the e-mails' links lead (PUBLIC_URL). */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The clock (tests move it). */
  now?: () => Date;
}) {
  const { db, gateway, orders, checkoutLines, invoices, log } = options;
  const now = options.now ?? (() => new Date());
  const announcement = createCheckoutPaidAnnouncement({ ...options, now });

  /** Gives a succeeded intent's money back, once, and says why in the log. */
  async function refundOnce(intent: GatewayIntent, reason: string): Promise<void> {
    const local = await findIntentById(db, intent.id);
    if (local?.refundedAt) return;
    await throughGateway(() => gateway.refund(intent.id));
    await markIntentRefunded(db, intent.id, now());
    log.warn({ intentId: intent.id, orderId: intent.orderId, reason }, 'payment refunded');
  }

  /**
   * What one payment of `lines` with their checkout's shipping comes to: each line's amount and the
   * tax added on top of it (issue 45), the shipping and its tax.
   */
  function chargedTotalOf(
    lines: readonly PayableOrder[],
    shipping: { cents: number; taxCents: number },
  ): number {
    const linesCents = lines.reduce((sum, line) => sum + line.totalCents + line.taxCents, 0);
    return linesCents + shipping.cents + shipping.taxCents;
  }

  /**
   * Marks every unpaid line of the intent's checkout paid, in one transaction with a payment
   * record per line (all with the intent's id), the checkout's one invoice (its number is taken
   * there: a rollback gives it back) and its e-mails, the lines locked meanwhile (the expiry
   * sweep skips them, a removal waits). Safe to call any number of times.
   */
  async function settle(intent: GatewayIntent, checkoutId: string): Promise<Settlement> {
    const settled = await db.transaction(async (tx): Promise<Settlement> => {
      const lines = await checkoutLines.lockForPayment(tx, checkoutId);
      if (lines.length === 0) return { outcome: 'refunded', reason: 'order-gone' };
      const paidWithIt = lines.filter(({ order }) => order.transectionId === intent.id);
      if (paidWithIt.length > 0) return { outcome: 'already-paid', lines: paidWithIt };
      const unpaid = lines.filter(({ order }) => isPayable(order.status));
      if (unpaid.length === 0) return { outcome: 'refunded', reason: 'paid-otherwise' };
      // A line removed since the intent was made lowered the total: this payment is not it.
      // The shipping is paid with the lines (issue 42).
      const shipping = (await checkoutLines.shippingOf(tx, checkoutId)) ?? FREE;
      if (chargedTotalOf(unpaid, shipping) !== intent.amountCents) {
        return { outcome: 'refunded', reason: 'amount-differs' };
      }
      const paidAt = now();
      const paid: PayableOrder[] = [];
      for (const line of unpaid) {
        paid.push(await orders.markPaid(tx, line.order._id, intent.id, paidAt));
        await insertPayment(tx, {
          orderId: line.order._id,
          transactionId: intent.id,
          amountCents: line.totalCents + line.taxCents,
        });
      }
      const invoice = await invoices.issue(tx, paid, paidAt, shipping);
      // The one place lines become paid, whoever confirmed it: the e-mail commits with them.
      await announcement.announce(tx, paid, invoice);
      return { outcome: 'paid', lines: paid, invoice };
    });
    if (settled.outcome === 'refunded') await refundOnce(intent, settled.reason);
    return settled;
  }

  /**
   * The intent of a checkout's unpaid lines, for their total: the same checkout and total get
   * the same intent however often the page loads (one idempotency key per checkout and amount);
   * a total lowered by a removed line gets a new one. Holds every unpaid line an hour ahead.
   * `expectedTotal`, when sent, must be that total (409 otherwise).
   */
  async function intentOfCheckout(
    caller: Account,
    lines: readonly PayableOrder[],
    startedFrom: string,
    expectedTotal: number | undefined,
  ): Promise<PaymentIntentResponse> {
    const unpaid = lines.filter(({ order }) => isPayable(order.status));
    const [first] = unpaid;
    if (lines.some(({ order }) => isAwaitingApproval(order.status))) {
      throw conflict(errorsText.awaitingApproval);
    }
    if (lines.some(({ order }) => isInvoiced(order.status))) throw conflict(errorsText.onAccount);
    if (!first) throw conflict(errorsText.alreadyPaid);
    const { checkoutId } = first.order;
    // Its shipping is paid with its lines; one still to be quoted cannot be paid yet.
    const shipping = await checkoutLines.shippingOf(db, checkoutId);
    if (shipping === null) throw conflict(serverTexts.shippingErrors.awaitingQuote);
    const totalCents = chargedTotalOf(unpaid, shipping);
    if (totalCents >= PRICE_LIMIT * 100) throw conflict(errorsText.tooLargeForCard);
    if (expectedTotal !== undefined && dollarsToCents(expectedTotal) !== totalCents) {
      throw conflict(errorsText.totalMismatch(formatDollars(totalCents)));
    }
    const holdUntil = new Date(now().getTime() + PAYMENT_HOLD_MS);
    if (!(await checkoutLines.holdForPayment(checkoutId, holdUntil))) {
      throw conflict(errorsText.alreadyPaid);
    }
    const idempotencyKey = `checkout-${checkoutId}-amount-${totalCents}`;
    const existing = await findIntentByIdempotencyKey(db, idempotencyKey);
    if (existing) return { clientSecret: existing.clientSecret };
    const created = await throughGateway(() =>
      gateway.createIntent({
        orderId: startedFrom,
        checkoutId,
        amountCents: totalCents,
        idempotencyKey,
      }),
    );
    const recorded = await recordIntent(db, {
      id: created.id,
      orderId: startedFrom,
      checkoutId,
      userId: caller.id,
      gateway: gateway.name,
      amountCents: totalCents,
      clientSecret: created.clientSecret,
      idempotencyKey,
    });
    return { clientSecret: recorded.clientSecret };
  }

  return {
    gatewayName: gateway.name,

    /** GET /payment-settings: what the payment page loads its card form with. */
    settings(): PaymentSettings {
      return { gateway: gateway.name, publishableKey: gateway.publishableKey };
    },

    /**
     * POST /create-payment-intent: the caller's own unpaid order, and with it its checkout
     * (issue 26): the intent pays every unpaid line of the checkout, for their total (an order
     * placed on its own: its own amount). A `totalPrice` that differs from that total gets 409.
     */
    async createIntent(
      caller: Account,
      input: CreatePaymentIntent,
    ): Promise<PaymentIntentResponse> {
      const { order } = await orders.findOwnOrder(caller, input.orderId);
      if (isAwaitingApproval(order.status)) throw conflict(errorsText.awaitingApproval);
      if (isInvoiced(order.status)) throw conflict(errorsText.onAccount);
      if (!isPayable(order.status)) throw conflict(errorsText.alreadyPaid);
      const lines = await checkoutLines.ownLines(caller, order.checkoutId);
      return intentOfCheckout(caller, lines, order._id, Number(input.totalPrice));
    },

    /**
     * POST /checkouts/{id}/payment-intent: the caller's own checkout (the cart's flow), every
     * unpaid line of it; `totalPrice`, when sent, must be their total (409 otherwise).
     */
    async createCheckoutIntent(
      caller: Account,
      checkoutId: string,
      input: CheckoutPaymentIntent,
    ): Promise<PaymentIntentResponse> {
      const lines = await checkoutLines.ownLines(caller, checkoutId);
      const from = lines.find(({ order }) => isPayable(order.status)) ?? lines[0];
      const expected = input.totalPrice === undefined ? undefined : Number(input.totalPrice);
      return intentOfCheckout(caller, lines, from?.order._id ?? '', expected);
    },

    /**
     * PATCH /tool/{id} ({id} is the order, any line of its checkout): the spec's payment record,
     * `{ order, transectionId }`. The checkout's unpaid lines are marked paid only when the
     * gateway says this intent (created by this customer for this checkout) succeeded for their
     * full total. Paying twice is harmless; an order paid with another transaction, or gone (the
     * payment is then refunded), gets 409.
     */
    async recordPayment(
      caller: Account,
      pathOrderId: string,
      body: { order: string; transectionId: string },
    ): Promise<RecordPaymentResponse> {
      const orderId = pathOrderId.toLowerCase();
      if (body.order.toLowerCase() !== orderId) throw badRequest(errorsText.orderMismatch);
      const local = await findIntentById(db, body.transectionId);
      const startedHere = local?.userId === caller.id && local.orderId === orderId;
      const payable = await orders.findOwnOrder(caller, orderId).catch((error: unknown) => {
        // An order that is gone may still have been paid: its payment is refunded below.
        if (startedHere) return undefined;
        throw error;
      });
      if (payable && !isPayable(payable.order.status)) {
        if (payable.order.transectionId === body.transectionId) {
          return { acknowledged: true, modifiedCount: 0, order: payable.order };
        }
        throw conflict(errorsText.alreadyPaid);
      }
      // The intent pays the order's checkout, whichever of its lines it was started from.
      const ours =
        local?.userId === caller.id &&
        (payable ? local.checkoutId === payable.order.checkoutId : startedHere);
      if (!local || !ours) throw conflict(errorsText.notThisOrder);

      const intent = await throughGateway(() => gateway.retrieveIntent(body.transectionId));
      if (
        !intent ||
        intent.orderId !== local.orderId ||
        intent.amountCents !== local.amountCents ||
        intent.currency !== PAYMENT_CURRENCY
      ) {
        throw conflict(errorsText.notThisOrder);
      }
      if (intent.status !== 'succeeded') throw conflict(errorsText.notSucceeded);

      const settled = await settle(intent, local.checkoutId);
      switch (settled.outcome) {
        case 'paid':
          return {
            acknowledged: true,
            modifiedCount: 1,
            order: lineOf(settled.lines, orderId).order,
          };
        case 'already-paid':
          return {
            acknowledged: true,
            modifiedCount: 0,
            order: lineOf(settled.lines, orderId).order,
          };
        case 'ignored':
          throw conflict(errorsText.notThisOrder);
        case 'refunded':
          throw conflict(
            settled.reason === 'order-gone'
              ? errorsText.orderGoneRefunded
              : settled.reason === 'amount-differs'
                ? errorsText.totalChangedRefunded
                : errorsText.alreadyPaid,
          );
      }
    },

    /**
     * A gateway's own word that an intent succeeded (Stripe's webhook): settled as the browser's
     * PATCH would be, for when the browser never comes back, after the same checks: the intent
     * is one this server made, for its order, in US dollars and for the amount it was made for.
     * A succeeded intent of ours in another currency or for another amount pays nothing: its
     * money goes back.
     */
    async settleSucceededIntent(intent: GatewayIntent): Promise<Settlement> {
      if (intent.status !== 'succeeded') throw conflict(errorsText.notSucceeded);
      // Only intents this server made, for the order they name: anything else on the same
      // gateway account is not ours to settle, nor to refund.
      const local = await findIntentById(db, intent.id);
      if (!local || local.orderId !== intent.orderId) return { outcome: 'ignored' };
      const reason =
        intent.currency !== PAYMENT_CURRENCY
          ? 'currency-differs'
          : intent.amountCents !== local.amountCents
            ? 'amount-differs'
            : undefined;
      if (reason) {
        await refundOnce(intent, reason);
        return { outcome: 'refunded', reason };
      }
      return settle(intent, local.checkoutId);
    },

    /**
     * For the cancellation of a paid order: gives its payment back through the gateway (once,
     * however often asked: a retry after a crash refunds nothing twice): the whole intent, noted
     * on it, or for a `line` of a checkout paid with others that line's amount alone. Resolves to the refund's id (null when the gateway does not name
     * it). A gateway failure is a 502 for the admin waiting; nothing is cancelled then.
     */
    async refundPayment(intentId: string, line?: RefundPart): Promise<{ refundId: string | null }> {
      // A line of a checkout paid with others (issue 26): only its own amount goes back, and
      // the intent is not refunded as a whole.
      const local = line ? await findIntentById(db, intentId) : undefined;
      const part = line && local && line.amountCents < local.amountCents ? line : undefined;
      const refund = await throughGateway(() => gateway.refund(intentId, part)).catch(
        (error: unknown) => {
          if (error instanceof RefundRaceError) {
            throw conflict(texts.adminErrors.refundedMeanwhile);
          }
          throw error;
        },
      );
      if (!part) await markIntentRefunded(db, intentId, now());
      log.info(
        { intentId, orderId: line?.orderId, amountCents: part?.amountCents },
        'payment refunded for an order line',
      );
      return refund;
    },

    /**
     * POST /payments/test/confirm (test gateway only): the card form's confirmation of the
     * caller's own intent, judged as Stripe's test mode would (402 with the card's error).
     */
    async confirmTestCard(
      caller: Account,
      input: ConfirmTestCard,
    ): Promise<ConfirmTestCardResponse> {
      const local = await findIntentByClientSecret(db, input.clientSecret);
      if (!local || local.gateway !== 'test' || local.userId !== caller.id) {
        throw notFound(errorsText.unknownIntent);
      }
      if (local.status !== 'succeeded') {
        const problem = judgeTestCard(input, now());
        if (problem) throw paymentRequired(problem);
        await markIntentSucceeded(db, local.id);
      }
      return { status: 'succeeded', transectionId: local.id };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
