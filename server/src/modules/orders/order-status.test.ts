import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { PgDialect, getTableConfig } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import {
  HELD_STATUSES,
  ManagedOrderDetailSchema,
  ORDER_STATUSES,
  OrderStatusSchema,
  PaymentIntentResponseSchema,
  PLACED_STATUS,
  orderActions,
  orderTotal,
  serverTexts,
  shownStatus,
  texts,
  type ManagedOrderDetail,
  type Order,
  type OrderActions,
  type OrderStatus,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest, stripeAppTest } from '../../testing/app-fixtures.ts';
import { movableClock } from '../../testing/movable-clock.ts';
import { placeTestOrder } from '../../testing/orders.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import type { StripeStandIn } from '../../testing/stripe-stand-in.ts';
import {
  deliverStripeEvent,
  openStripeIntent,
  requestPaymentIntent,
} from '../../testing/stripe-webhooks.ts';
import { formatMailDateTime } from '../../mail/templates/layout.ts';
import { orders, shownStatusSql } from './orders.table.ts';

/*
 * The order's life (contract/src/order-status.ts) as the API lives it: an order is brought into
 * each state it can be in, through the API as a customer, an admin and Stripe bring it there,
 * and each action is tried on it: the customer pays or removes it, an admin removes, ships,
 * undoes the shipment or cancels it, Stripe reports a full refund or a dispute, the customer
 * downloads its invoice and its credit note. Each answer is checked (the state it leads to, or
 * the refusal in words, and the order left as it was), and so is `orderActions`, which tells the
 * pages which buttons to show: it offers exactly the actions the API carries out. (The expiry of
 * an unpaid order is the sweep's: orders.expiry.test.ts.)
 */

const HOUR_MS = 60 * 60 * 1000;

/** The app's clock: moved a day on past the shipment of 'shipped a day ago'. */
const { clock, now, resetClock } = movableClock();

const it = stripeAppTest({
  // $19.99 each.
  tool: { priceCents: 1999, availableQuantity: 1_000_000 },
  now,
}).extend('clock', { auto: true }, resetClock);

type Context = { app: App; stripe: StripeStandIn; customer: TestAccount; admin: TestAccount };

/** An order brought into a state, and the Stripe intent that paid it (or was opened for it). */
type Subject = { order: Order; intentId: string };

/** Stripe's signed event about `object`, taken by the app (200). */
async function deliver(app: App, type: string, object: object): Promise<void> {
  const response = await deliverStripeEvent(app, type, object);
  expect(response.statusCode, response.body).toBe(200);
}

/** The order as its admin page shows it; undefined once it is gone. */
async function pageOf(app: App, admin: TestAccount, id: string) {
  const response = await injectAs(app, admin, { url: `/api/manageOrders/${id}` });
  if (response.statusCode === 404) return undefined;
  expect(response.statusCode, response.body).toBe(200);
  return ManagedOrderDetailSchema.parse(response.json());
}

async function expectStatus(
  { app, admin }: Pick<Context, 'app' | 'admin'>,
  subject: Subject,
  status: OrderStatus | 'removed',
): Promise<void> {
  const page = await pageOf(app, admin, subject.order._id);
  expect(page?.status ?? 'removed').toBe(status);
}

/** What the order's payment came to, in cents, as Stripe counts it. */
const centsOf = (order: Order) => Math.round(orderTotal(order.price, order.quantity) * 100);

/** Stripe's charge of the order's payment, refunded in full. */
const fullRefund = ({ order, intentId }: Subject) => ({
  id: `ch_${randomUUID().replaceAll('-', '')}`,
  object: 'charge',
  amount: centsOf(order),
  amount_refunded: centsOf(order),
  currency: 'usd',
  payment_intent: intentId,
  refunded: true,
  status: 'succeeded',
});

/** A dispute the card issuer opened about the order's payment. */
const disputeOf = ({ order, intentId }: Subject) => ({
  id: `dp_${randomUUID().replaceAll('-', '')}`,
  object: 'dispute',
  amount: centsOf(order),
  currency: 'usd',
  charge: `ch_${randomUUID().replaceAll('-', '')}`,
  payment_intent: intentId,
  reason: 'fraudulent',
  status: 'needs_response',
});

const ship = ({ app, admin }: Context, { order }: Subject) =>
  injectAs(app, admin, { method: 'PATCH', url: `/api/manageOrders/${order._id}/ship` });
const cancel = ({ app, admin }: Context, { order }: Subject) =>
  injectAs(app, admin, { method: 'POST', url: `/api/manageOrders/${order._id}/cancel` });

async function expectAccepted(answer: Promise<LightMyRequestResponse>): Promise<void> {
  const response = await answer;
  expect(response.statusCode, response.body).toBe(200);
}

/** Every state an order can be in, and how the API brings a new order there. */
const STATES = {
  unpaid: { status: 'unpaid', reach: async () => {} },
  paid: { status: 'paid', reach: async () => {} },
  shipped: {
    status: 'shipped',
    reach: (context: Context, subject: Subject) => expectAccepted(ship(context, subject)),
  },
  'shipped a day ago': {
    status: 'shipped',
    reach: async (context: Context, subject: Subject) => {
      await expectAccepted(ship(context, subject));
      clock.offsetMs = 24 * HOUR_MS + 60_000;
    },
  },
  cancelled: {
    status: 'cancelled',
    reach: (context: Context, subject: Subject) => expectAccepted(cancel(context, subject)),
  },
  refunded: {
    status: 'refunded',
    reach: (context: Context, subject: Subject) =>
      deliver(context.app, 'charge.refunded', fullRefund(subject)),
  },
  disputed: {
    status: 'disputed',
    reach: (context: Context, subject: Subject) =>
      deliver(context.app, 'charge.dispute.created', disputeOf(subject)),
  },
} satisfies Record<
  string,
  { status: OrderStatus; reach: (context: Context, subject: Subject) => Promise<void> }
>;
type State = keyof typeof STATES;
const states = Object.keys(STATES) as State[];

/**
 * What an action comes to: carried out (the order is then in `leadsTo`, or gone; a document is
 * served), answered as the order stands (a repeated ship or cancel: 200, nothing changes),
 * refused in words (nothing changes), or, for Stripe's reports, taken and ignored (200, nothing
 * changes).
 */
type Outcome =
  | { leadsTo: OrderStatus | 'removed' }
  | { served: true }
  | { asItStands: true }
  | { refused: string | ((before: ManagedOrderDetail) => string); statusCode: number }
  | { ignored: true };

const leadsTo = (status: OrderStatus | 'removed'): Outcome => ({ leadsTo: status });
const refused = (
  message: string | ((before: ManagedOrderDetail) => string),
  statusCode = 409,
): Outcome => ({ refused: message, statusCode });
const asItStands: Outcome = { asItStands: true };
const ignored: Outcome = { ignored: true };
/** A document answered: 200, its PDF. */
const served: Outcome = { served: true };

/** Its shipment's 24 hours are over, said with the time it was shipped. */
const windowOver = (before: ManagedOrderDetail) =>
  texts.adminErrors.unshipWindowOver(formatMailDateTime(before.shippedAt ?? ''));

type Action = {
  /** Who does it, through which call; the answer as it comes. */
  attempt: (context: Context, subject: Subject) => Promise<LightMyRequestResponse>;
  /** What it comes to, for an order in each state. */
  expected: Record<State, Outcome>;
  /** The flag of orderActions that offers it on the pages, if any. */
  offeredAs?: keyof OrderActions;
};

const paidAlready = refused(texts.paymentErrors.alreadyPaid);
const notRemovable = refused(serverTexts.orderErrors.paidOrderCannotBeRemoved);
const notDeletable = refused(serverTexts.orderErrors.paidOrderCannotBeDeleted);
const notShipped = refused(texts.adminErrors.notShippedCannotUnship);
const noInvoice = refused(serverTexts.invoiceErrors.notPaidYet, 404);
const noCreditNote = refused(serverTexts.invoiceErrors.notCancelled, 404);

const ACTIONS: Record<string, Action> = {
  'the customer pays it': {
    attempt: async ({ app, stripe, customer }, subject) => {
      const response = await requestPaymentIntent(app, customer, subject.order);
      if (response.statusCode !== 200) return response;
      // The card goes through: Stripe says the new intent succeeded.
      const { clientSecret } = PaymentIntentResponseSchema.parse(response.json());
      const intentId = clientSecret.split('_secret_')[0] ?? '';
      await deliver(app, 'payment_intent.succeeded', stripe.setIntentStatus(intentId, 'succeeded'));
      return response;
    },
    expected: {
      unpaid: leadsTo('paid'),
      paid: paidAlready,
      shipped: paidAlready,
      'shipped a day ago': paidAlready,
      cancelled: paidAlready,
      refunded: paidAlready,
      disputed: paidAlready,
    },
    offeredAs: 'pay',
  },
  'the customer removes it': {
    attempt: ({ app, customer }, { order }) =>
      injectAs(app, customer, { method: 'DELETE', url: `/api/deleteOrder/${order._id}` }),
    expected: {
      unpaid: leadsTo('removed'),
      paid: notRemovable,
      shipped: notRemovable,
      'shipped a day ago': notRemovable,
      cancelled: notRemovable,
      refunded: notRemovable,
      disputed: notRemovable,
    },
    offeredAs: 'remove',
  },
  'an admin removes it': {
    attempt: ({ app, admin }, { order }) =>
      injectAs(app, admin, { method: 'DELETE', url: `/api/deleteOrder/${order._id}` }),
    expected: {
      unpaid: leadsTo('removed'),
      paid: notDeletable,
      shipped: notDeletable,
      'shipped a day ago': notDeletable,
      cancelled: notDeletable,
      refunded: notDeletable,
      disputed: notDeletable,
    },
    offeredAs: 'remove',
  },
  'an admin ships it': {
    attempt: ship,
    expected: {
      unpaid: refused(texts.adminErrors.unpaidOrderCannotBeShipped),
      paid: leadsTo('shipped'),
      shipped: asItStands,
      'shipped a day ago': asItStands,
      cancelled: refused(texts.adminErrors.cancelledOrderCannotBeShipped),
      refunded: refused(texts.adminErrors.cancelledOrderCannotBeShipped),
      disputed: refused(texts.adminErrors.disputedOrderCannotBeShipped),
    },
    offeredAs: 'ship',
  },
  'an admin undoes its shipment': {
    attempt: ({ app, admin }, { order }) =>
      injectAs(app, admin, { method: 'POST', url: `/api/manageOrders/${order._id}/unship` }),
    expected: {
      unpaid: notShipped,
      paid: notShipped,
      shipped: leadsTo('paid'),
      'shipped a day ago': refused(windowOver),
      cancelled: notShipped,
      refunded: notShipped,
      disputed: notShipped,
    },
    offeredAs: 'undoShip',
  },
  'an admin cancels it': {
    attempt: cancel,
    expected: {
      unpaid: refused(texts.adminErrors.unpaidOrderCannotBeCancelled),
      paid: leadsTo('cancelled'),
      shipped: leadsTo('cancelled'),
      'shipped a day ago': leadsTo('cancelled'),
      cancelled: asItStands,
      refunded: leadsTo('cancelled'),
      disputed: refused(texts.adminErrors.disputedOrderCannotBeCancelled),
    },
    offeredAs: 'cancel',
  },
  'Stripe reports its payment refunded in full': {
    attempt: ({ app }, subject) => deliverStripeEvent(app, 'charge.refunded', fullRefund(subject)),
    expected: {
      unpaid: ignored,
      paid: leadsTo('refunded'),
      shipped: leadsTo('refunded'),
      'shipped a day ago': leadsTo('refunded'),
      cancelled: ignored,
      refunded: ignored,
      disputed: leadsTo('refunded'),
    },
  },
  'Stripe reports a dispute': {
    attempt: ({ app }, subject) =>
      deliverStripeEvent(app, 'charge.dispute.created', disputeOf(subject)),
    expected: {
      unpaid: ignored,
      paid: leadsTo('disputed'),
      shipped: leadsTo('disputed'),
      'shipped a day ago': leadsTo('disputed'),
      cancelled: ignored,
      refunded: ignored,
      disputed: ignored,
    },
  },
  'the customer downloads its invoice': {
    attempt: ({ app, customer }, { order }) =>
      injectAs(app, customer, { url: `/api/orders/${order._id}/invoice.pdf` }),
    expected: {
      unpaid: noInvoice,
      paid: served,
      shipped: served,
      'shipped a day ago': served,
      cancelled: served,
      refunded: served,
      disputed: served,
    },
    offeredAs: 'invoice',
  },
  'the customer downloads its credit note': {
    attempt: ({ app, customer }, { order }) =>
      injectAs(app, customer, { url: `/api/orders/${order._id}/credit-note.pdf` }),
    expected: {
      unpaid: noCreditNote,
      paid: noCreditNote,
      shipped: noCreditNote,
      'shipped a day ago': noCreditNote,
      cancelled: served,
      refunded: noCreditNote,
      disputed: noCreditNote,
    },
    offeredAs: 'creditNote',
  },
};

describe('the order life through the API (contract/src/order-status.ts)', () => {
  const bring = it.extend('inState', ({ app, stripe, customer, admin, tool }) => {
    const context = { app, stripe, customer, admin };
    /** A new order of the customer's, brought into `state` through the API. */
    return async (state: State): Promise<Subject> => {
      const order = await placeTestOrder(app, customer, tool, { quantity: 25 });
      const { intentId } = await openStripeIntent(app, customer, order);
      const subject = { order, intentId };
      if (state !== 'unpaid') {
        await deliver(
          app,
          'payment_intent.succeeded',
          stripe.setIntentStatus(intentId, 'succeeded'),
        );
      }
      await STATES[state].reach(context, subject);
      await expectStatus(context, subject, STATES[state].status);
      return subject;
    };
  });

  for (const [name, action] of Object.entries(ACTIONS)) {
    for (const state of states) {
      bring(`${name}: an order ${state}`, async ({ app, stripe, customer, admin, inState }) => {
        const context = { app, stripe, customer, admin };
        const subject = await inState(state);
        const before = await pageOf(app, admin, subject.order._id);
        if (!before) throw new Error('the order is gone before the action');
        const outcome = action.expected[state];

        const response = await action.attempt(context, subject);

        if ('refused' in outcome) {
          const { refused: message, statusCode } = outcome;
          expectError(
            response,
            statusCode,
            typeof message === 'string' ? message : message(before),
          );
        } else {
          expect(response.statusCode, response.body).toBe(200);
        }
        await expectStatus(
          context,
          subject,
          'leadsTo' in outcome ? outcome.leadsTo : STATES[state].status,
        );
        // The pages offer it exactly where the API carries it out (a repeat answered as the
        // order stands is no action to offer).
        if (action.offeredAs) {
          const offered = orderActions(before, Date.now() + clock.offsetMs)[action.offeredAs];
          expect(offered).toBe('leadsTo' in outcome || 'served' in outcome);
        }
      });
    }
  }
});

const dbTest = appTest();

describe('the states, as the contract and the database know them', () => {
  test('names the states the contract and the database know, in the same order', () => {
    expect([...ORDER_STATUSES]).toEqual(OrderStatusSchema.options);
    const known = getTableConfig(orders).checks.find((c) => c.name === 'orders_status_known');
    if (!known) throw new Error('orders_status_known is missing');
    const checkSql = new PgDialect().sqlToQuery(known.value).sql;
    expect([...checkSql.matchAll(/'([a-z_]+)'/g)].map((match) => match[1])).toEqual([
      ...ORDER_STATUSES,
    ]);
  });

  test('places an order unpaid, and indexes the held orders as order-status.ts names them', () => {
    expect(PLACED_STATUS).toBe('unpaid');
    expect(orders.status.default).toBe(PLACED_STATUS);
    const dialect = new PgDialect();
    const partial = getTableConfig(orders).indexes.filter((index) =>
      index.config.name?.startsWith('orders_held_'),
    );
    expect(partial).toHaveLength(2);
    for (const index of partial) {
      const where = index.config.where;
      if (!where) throw new Error(`${index.config.name} has no WHERE`);
      const statuses = [...dialect.sqlToQuery(where).sql.matchAll(/'([a-z_]+)'/g)];
      expect(statuses.map((match) => match[1])).toEqual([...HELD_STATUSES]);
    }
  });

  dbTest(
    "reads each order as shownStatus does, in SQL (Manage Orders' filter and its index)",
    async ({ app }) => {
      for (const status of ORDER_STATUSES) {
        for (const refunded of [0, 500]) {
          const result = (await app.database.db.execute(
            sql`select ${shownStatusSql(sql`${status}::text`, sql`${refunded}::bigint`)} as shown`,
          )) as unknown as { rows: { shown: string }[] };
          expect(result.rows[0]?.shown, `${status}, ${refunded} refunded`).toBe(
            shownStatus({ status, refunded }),
          );
        }
      }
    },
  );
});
