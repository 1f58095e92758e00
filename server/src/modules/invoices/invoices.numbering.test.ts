import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  ConfirmTestCardResponseSchema,
  invoiceNumber,
  orderTotal,
  PaymentIntentResponseSchema,
  RecordPaymentResponseSchema,
  type Checkout,
  type Order,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { signUpTestAccount, type TestAccount } from '../../testing/accounts.ts';
import { createTestTool } from '../../testing/factories.ts';
import { createCheckoutIntent, placeTestCheckout } from '../../testing/checkouts.ts';
import { confirmTestCard, payOrder, SUCCEEDING_TEST_CARD } from '../../testing/payments.ts';
import { injectAs } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { appTest, openTestApp } from '../../testing/app-fixtures.ts';
import type { TestDatabase } from '../../testing/test-database.ts';
import { invoices, invoiceSequences } from './invoices.table.ts';
import { placeTestOrder } from '../../testing/orders.ts';

/** An order of two units of a new tool, so that no order shares its stock. */
async function orderOfNewTool(app: App, account: TestAccount): Promise<Order> {
  const tool = await createTestTool(app, { minOrderQuantity: 1, availableQuantity: 1000 });
  return placeTestOrder(app, account, tool, { quantity: 2 });
}

/**
 * The payment page's first two steps (intent, card): the card payment has succeeded; answers
 * the body of the last step, PATCH /api/tool/{id}, which records it (and issues the invoice).
 */
async function payByCard(app: App, account: TestAccount, order: Order) {
  const intent = await injectAs(app, account, {
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { orderId: order._id, totalPrice: orderTotal(order.price, order.quantity) },
  });
  expect(intent.statusCode, intent.body).toBe(200);
  const { clientSecret } = PaymentIntentResponseSchema.parse(intent.json());
  const confirmed = await injectAs(app, account, {
    method: 'POST',
    url: '/api/payments/test/confirm',
    payload: { clientSecret, ...SUCCEEDING_TEST_CARD },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const { transectionId } = ConfirmTestCardResponseSchema.parse(confirmed.json());
  return { order: order._id, transectionId };
}

function recordPayment(
  app: App,
  account: TestAccount,
  record: { order: string; transectionId?: string },
) {
  return injectAs(app, account, {
    method: 'PATCH',
    url: `/api/tool/${record.order}`,
    payload: record,
  });
}

async function invoiceNumberOf(app: App, orderId: string): Promise<string | undefined> {
  const [row] = await app.database.db
    .select({ number: invoices.number })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  return row?.number;
}

async function lastSequenceOf(app: App, year: number): Promise<number | undefined> {
  const [row] = await app.database.db
    .select()
    .from(invoiceSequences)
    .where(eq(invoiceSequences.year, year));
  return row?.lastSequence;
}

/** Every invoice number of `year`, in order. */
async function numbersOf(app: App, year: number): Promise<string[]> {
  const rows = await app.database.db
    .select({ number: invoices.number })
    .from(invoices)
    .where(eq(invoices.year, year));
  return rows.map((row) => row.number).sort();
}

const numbersFrom1To = (year: number, count: number) =>
  Array.from({ length: count }, (_, index) => invoiceNumber(year, index + 1));

const clock = { now: new Date('2031-03-14T10:00:00Z') };
const yearsTest = appTest({ config: UNCAPPED_ORDERS, now: () => clock.now });

/** When the concurrency test's payments are made. */
const CONCURRENT_PAYMENTS_AT = new Date('2035-05-05T09:00:00Z');
/** An instance on the file's database, paying at CONCURRENT_PAYMENTS_AT. */
const instanceOnDatabase = async (
  { database }: { database: TestDatabase },
  tools: Parameters<typeof openTestApp>[1],
) =>
  openTestApp(
    {
      database: await database.connect(),
      config: UNCAPPED_ORDERS,
      now: () => CONCURRENT_PAYMENTS_AT,
    },
    tools,
  );
/** Two instances on one database, `app` and `second`, and four accounts signed up on `app`. */
const twoInstancesTest = appTest()
  .extend('app', { scope: 'file' }, instanceOnDatabase)
  .extend('second', { scope: 'file' }, instanceOnDatabase)
  .extend('accounts', { scope: 'file' }, async ({ app }) => {
    const made: TestAccount[] = [];
    for (let index = 0; index < 4; index += 1) made.push(await signUpTestAccount(app));
    return made;
  });

// Each test pays in a year of its own (the payments' clock), so each year starts at 000001.
describe('invoice numbers: one gap-free sequence per year of payment', () => {
  const it = yearsTest;

  it('numbers the invoices 000001, 000002, 000003 ... in the order they are paid', async ({
    app,
    customer,
  }) => {
    clock.now = new Date('2031-03-14T10:00:00Z');
    const paid: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const order = await orderOfNewTool(app, customer);
      await payOrder(app, customer, order);
      paid.push((await invoiceNumberOf(app, order._id)) ?? 'none');
    }
    expect(paid).toEqual(['INV-2031-000001', 'INV-2031-000002', 'INV-2031-000003']);
    expect(await lastSequenceOf(app, 2031)).toBe(3);
  });

  it('starts each year at 000001: the year is the payment one, in UTC', async ({
    app,
    customer,
  }) => {
    clock.now = new Date('2032-12-31T23:59:59.500Z');
    for (let index = 0; index < 2; index += 1) {
      await payOrder(app, customer, await orderOfNewTool(app, customer));
    }
    clock.now = new Date('2033-01-01T00:00:00.000Z');
    const newYears = await orderOfNewTool(app, customer);
    await payOrder(app, customer, newYears);

    expect(await numbersOf(app, 2032)).toEqual(numbersFrom1To(2032, 2));
    expect(await invoiceNumberOf(app, newYears._id)).toBe('INV-2033-000001');
    const [row] = await app.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, newYears._id));
    expect(row).toMatchObject({ year: 2033, sequence: 1, paidAt: clock.now });
  });

  it('a payment whose transaction fails after taking its number gives the number back', async ({
    app,
    customer,
  }) => {
    clock.now = new Date('2034-06-01T12:00:00Z');
    await payOrder(app, customer, await orderOfNewTool(app, customer));
    const order = await orderOfNewTool(app, customer);
    const record = await payByCard(app, customer, order);
    // An invoice already names this order (invoices_order_id_unique): the payment's invoice,
    // written after its number was taken, cannot be, and its whole transaction rolls back.
    await app.database.db.insert(invoices).values({
      year: 1999,
      sequence: 1,
      number: 'INV-1999-000001',
      orderId: order._id,
      orderReference: order.reference,
      buyerName: 'In the way',
      buyerEmail: customer.email,
      buyerAddress: order.address,
      totalCents: 1,
      transactionId: 'blocking',
      paidAt: clock.now,
    });

    const failed = await recordPayment(app, customer, record);
    expect(failed.statusCode).toBe(500);
    expect(await lastSequenceOf(app, 2034)).toBe(1);
    const unpaid = await injectAs(app, customer, { url: `/api/payorder/${order._id}` });
    expect(unpaid.json()).toMatchObject({ status: 'unpaid', transectionId: null });

    await app.database.db.delete(invoices).where(eq(invoices.year, 1999));
    const recorded = await recordPayment(app, customer, record);
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(await numbersOf(app, 2034)).toEqual(numbersFrom1To(2034, 2));
    expect(await invoiceNumberOf(app, order._id)).toBe('INV-2034-000002');
  });
});

// On PostgreSQL (npm run test:postgres) two instances, each with its own pool, record the
// payments truly at once; on PGlite they interleave between statements. Either way every paid
// order gets its own number and the numbers run 1..N.
describe('invoice numbers under concurrency: two instances, payments at once', () => {
  const ORDERS = 24;
  const it = twoInstancesTest;

  it('gives N payments at once N distinct numbers, 000001 to N, with no gap', async ({
    app: first,
    second,
    accounts,
  }) => {
    const payments: { account: TestAccount; record: { order: string } }[] = [];
    for (let index = 0; index < ORDERS; index += 1) {
      const account = accounts[index % accounts.length]!;
      const order = await orderOfNewTool(first, account);
      payments.push({ account, record: await payByCard(first, account, order) });
    }

    const responses = await Promise.all(
      payments.map(({ account, record }, index) =>
        recordPayment(index % 2 === 0 ? first : second, account, record),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);

    const numbers = await Promise.all(
      payments.map(({ record }) => invoiceNumberOf(first, record.order)),
    );
    expect(new Set(numbers).size).toBe(ORDERS);
    expect(await numbersOf(first, 2035)).toEqual(numbersFrom1To(2035, ORDERS));
    expect(await lastSequenceOf(first, 2035)).toBe(ORDERS);
  });

  it('gives checkouts of two lines one number each, however many of their lines record the payment at once (issue 26)', async ({
    app: first,
    second,
    accounts,
  }) => {
    const CHECKOUTS = 8;
    const before = (await lastSequenceOf(first, 2035)) ?? 0;
    const paid: { account: TestAccount; checkout: Checkout; transectionId: string }[] = [];
    for (let index = 0; index < CHECKOUTS; index += 1) {
      const account = accounts[index % accounts.length]!;
      const tools = await Promise.all(
        [1, 2].map(() => createTestTool(first, { minOrderQuantity: 1, availableQuantity: 1000 })),
      );
      const checkout = await placeTestCheckout(
        first,
        account,
        tools.map((tool) => ({ tool, quantity: 2 })),
      );
      const clientSecret = await createCheckoutIntent(first, account, checkout._id);
      const transectionId = await confirmTestCard(first, account, clientSecret);
      paid.push({ account, checkout, transectionId });
    }

    // Each checkout recorded through both its lines at once, one on each instance.
    const responses = await Promise.all(
      paid.flatMap(({ account, checkout, transectionId }) =>
        checkout.lines.map((line, index) =>
          recordPayment(index === 0 ? first : second, account, {
            order: line._id,
            transectionId,
          }),
        ),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    // Exactly one of each checkout's two records paid it.
    const modified = responses.map((response) =>
      RecordPaymentResponseSchema.parse(response.json()),
    );
    expect(modified.filter((answer) => answer.modifiedCount === 1)).toHaveLength(CHECKOUTS);

    const all = await numbersOf(first, 2035);
    expect(all).toEqual(numbersFrom1To(2035, before + CHECKOUTS));
    for (const { checkout } of paid) {
      const rows = await first.database.db
        .select()
        .from(invoices)
        .where(eq(invoices.checkoutId, checkout._id));
      expect(rows).toHaveLength(1);
    }
  });
});
