import type { FastifyBaseLogger } from 'fastify';
import {
  centsToDollars,
  dollarsToCents,
  PRICE_LIMIT,
  texts,
  type ConfirmTestCard,
  type ConfirmTestCardResponse,
  type CreatePaymentIntent,
  type PaymentIntentResponse,
  type PaymentSettings,
  type RecordPaymentResponse,
} from '@tools-factory/contract';
import type { Database } from '../../db/client.ts';
import { badGateway, badRequest, conflict, notFound, paymentRequired } from '../../http-errors.ts';
import type { Account } from '../identity/identity.service.ts';
import type { Invoice, InvoicesService } from '../invoices/invoices.service.ts';
import { isPayable } from '../orders/order-status.ts';
import type { OrdersService, PayableOrder } from '../orders/orders.service.ts';
import {
  GatewayError,
  PAYMENT_CURRENCY,
  type GatewayIntent,
  type PaymentGateway,
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

/** Creating an intent keeps its order at least this long (DESIGN.md section 6). */
const PAYMENT_HOLD_MS = 60 * 60 * 1000;

/** What settling a succeeded intent did. */
export type Settlement =
  | { outcome: 'paid'; order: PayableOrder; invoice: Invoice }
  | { outcome: 'already-paid'; order: PayableOrder }
  /**
   * The order is gone, was paid by another intent, or the intent is not for the order's amount
   * in the shop's currency: the money went back.
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

/**
 * Card payments (DESIGN.md section 6): the server decides that an order is paid. It creates the
 * intent for the order's own amount, and marks the order paid only once the gateway says this
 * order's intent succeeded for that amount, whoever tells it (the browser's PATCH /tool/{id} or
 * Stripe's webhook). A payment that succeeds for an order that is gone is refunded.
 */
export function createPaymentsService(options: {
  db: Database;
  gateway: PaymentGateway;
  orders: OrdersService;
  /** Issues the invoice in the payment's transaction. */
  invoices: Pick<InvoicesService, 'issue'>;
  log: FastifyBaseLogger;
  /** The clock (tests move it). */
  now?: () => Date;
}) {
  const { db, gateway, orders, invoices, log } = options;
  const now = options.now ?? (() => new Date());

  /** Gives a succeeded intent's money back, once, and says why in the log. */
  async function refundOnce(intent: GatewayIntent, reason: string): Promise<void> {
    const local = await findIntentById(db, intent.id);
    if (local?.refundedAt) return;
    await throughGateway(() => gateway.refund(intent.id));
    await markIntentRefunded(db, intent.id, now());
    log.warn({ intentId: intent.id, orderId: intent.orderId, reason }, 'payment refunded');
  }

  /**
   * Marks the intent's order paid, in one transaction with the payment record and the invoice
   * (its number is taken there: a rollback gives it back), the order locked meanwhile (the
   * expiry sweep skips it, a removal waits). Safe to call any number of times.
   */
  async function settle(intent: GatewayIntent): Promise<Settlement> {
    const orderId = intent.orderId;
    if (!orderId) throw conflict(errorsText.notThisOrder);
    const settled = await db.transaction(async (tx): Promise<Settlement> => {
      const payable = await orders.lockForPayment(tx, orderId);
      if (!payable) return { outcome: 'refunded', reason: 'order-gone' };
      if (!isPayable(payable.order.status)) {
        return payable.order.transectionId === intent.id
          ? { outcome: 'already-paid', order: payable }
          : { outcome: 'refunded', reason: 'paid-otherwise' };
      }
      if (payable.totalCents !== intent.amountCents) {
        return { outcome: 'refunded', reason: 'amount-differs' };
      }
      const paidAt = now();
      const paid = await orders.markPaid(tx, orderId, intent.id, paidAt);
      await insertPayment(tx, {
        orderId,
        transactionId: intent.id,
        amountCents: intent.amountCents,
      });
      const invoice = await invoices.issue(tx, paid, paidAt);
      // The one place an order becomes paid, whoever confirmed it: its e-mail commits with it.
      await orders.announcePaid(tx, paid.order, { id: invoice.id, number: invoice.number });
      return { outcome: 'paid', order: paid, invoice };
    });
    if (settled.outcome === 'refunded') await refundOnce(intent, settled.reason);
    return settled;
  }

  return {
    gatewayName: gateway.name,

    /** GET /payment-settings: what the payment page loads its card form with. */
    settings(): PaymentSettings {
      return { gateway: gateway.name, publishableKey: gateway.publishableKey };
    },

    /**
     * POST /create-payment-intent: the caller's own unpaid order; the amount is the order's, a
     * `totalPrice` that differs gets 409. Holds the order an hour ahead. The same order gets the
     * same intent however often the page loads.
     */
    async createIntent(
      caller: Account,
      input: CreatePaymentIntent,
    ): Promise<PaymentIntentResponse> {
      const { order, totalCents } = await orders.findOwnOrder(caller, input.orderId);
      if (!isPayable(order.status)) throw conflict(errorsText.alreadyPaid);
      if (totalCents >= PRICE_LIMIT * 100) throw conflict(errorsText.tooLargeForCard);
      if (dollarsToCents(Number(input.totalPrice)) !== totalCents) {
        throw conflict(errorsText.totalMismatch(formatDollars(totalCents)));
      }
      if (!(await orders.holdForPayment(order._id, new Date(now().getTime() + PAYMENT_HOLD_MS)))) {
        throw conflict(errorsText.alreadyPaid);
      }
      const idempotencyKey = `order-${order._id}-amount-${totalCents}`;
      const existing = await findIntentByIdempotencyKey(db, idempotencyKey);
      if (existing) return { clientSecret: existing.clientSecret };
      const created = await throughGateway(() =>
        gateway.createIntent({ orderId: order._id, amountCents: totalCents, idempotencyKey }),
      );
      const recorded = await recordIntent(db, {
        id: created.id,
        orderId: order._id,
        checkoutId: order.checkoutId,
        userId: caller.id,
        gateway: gateway.name,
        amountCents: totalCents,
        clientSecret: created.clientSecret,
        idempotencyKey,
      });
      return { clientSecret: recorded.clientSecret };
    },

    /**
     * PATCH /tool/{id} ({id} is the order): the spec's payment record, `{ order, transectionId }`.
     * The order is marked paid only when the gateway says this intent (created by this customer
     * for this order) succeeded for the order's full amount. Paying twice is harmless; an order
     * paid with another transaction, or gone (the payment is then refunded), gets 409.
     */
    async recordPayment(
      caller: Account,
      pathOrderId: string,
      body: { order: string; transectionId: string },
    ): Promise<RecordPaymentResponse> {
      const orderId = pathOrderId.toLowerCase();
      if (body.order.toLowerCase() !== orderId) throw badRequest(errorsText.orderMismatch);
      const local = await findIntentById(db, body.transectionId);
      const ours = local?.userId === caller.id && local.orderId === orderId;
      const payable = await orders.findOwnOrder(caller, orderId).catch((error: unknown) => {
        // An order that is gone may still have been paid: its payment is refunded below.
        if (ours) return undefined;
        throw error;
      });
      if (payable && !isPayable(payable.order.status)) {
        if (payable.order.transectionId === body.transectionId) {
          return { acknowledged: true, modifiedCount: 0, order: payable.order };
        }
        throw conflict(errorsText.alreadyPaid);
      }
      if (!local || !ours) throw conflict(errorsText.notThisOrder);

      const intent = await throughGateway(() => gateway.retrieveIntent(body.transectionId));
      if (
        !intent ||
        intent.orderId !== orderId ||
        intent.amountCents !== local.amountCents ||
        intent.currency !== PAYMENT_CURRENCY
      ) {
        throw conflict(errorsText.notThisOrder);
      }
      if (intent.status !== 'succeeded') throw conflict(errorsText.notSucceeded);

      const settled = await settle(intent);
      switch (settled.outcome) {
        case 'paid':
          return { acknowledged: true, modifiedCount: 1, order: settled.order.order };
        case 'already-paid':
          return { acknowledged: true, modifiedCount: 0, order: settled.order.order };
        case 'ignored':
          throw conflict(errorsText.notThisOrder);
        case 'refunded':
          throw conflict(
            settled.reason === 'order-gone' ? errorsText.orderGoneRefunded : errorsText.alreadyPaid,
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
      return settle(intent);
    },

    /**
     * For the cancellation of a paid order: gives the whole payment of its intent back through
     * the gateway (once, however often asked: a retry after a crash refunds nothing twice) and
     * notes it on the intent. Resolves to the refund's id (null when the gateway does not name
     * it). A gateway failure is a 502 for the admin waiting; nothing is cancelled then.
     */
    async refundPayment(intentId: string): Promise<{ refundId: string | null }> {
      const refund = await throughGateway(() => gateway.refund(intentId));
      await markIntentRefunded(db, intentId, now());
      log.info({ intentId }, 'payment refunded for a cancelled order');
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
