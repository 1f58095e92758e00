import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  CancelCheckoutResponseSchema,
  CancelOrderResponseSchema,
  ManagedCheckoutSchema,
  ManagedOrdersPageSchema,
  RefundOrderResponseSchema,
  SalesOverviewSchema,
  serverTexts,
  shownStatus,
  texts,
  type Checkout,
  type Order,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { payCheckout, placeTestCheckout } from '../../testing/checkouts.ts';
import { createTestTool } from '../../testing/factories.ts';
import { latestOutboxMail } from '../../testing/mail.ts';
import { outboxMessages } from '../../mail/outbox.table.ts';
import { availableOf } from '../../testing/orders.ts';
import { readPdf } from '../../testing/pdf.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { creditNotes } from '../invoices/invoices.table.ts';
import { addOrderRefund } from './order-cancellation.repository.ts';
import { orders } from './orders.table.ts';

const it = appTest({ config: UNCAPPED_ORDERS });
const adminErrors = texts.adminErrors;

/** A paid checkout of two lines of $2.50 tools: 10 ($25.00) and 20 ($50.00). */
async function paidCheckout(app: App, buyer: TestAccount): Promise<Checkout> {
  const tools = await Promise.all(
    [1, 2].map((index) =>
      createTestTool(app, {
        name: `Refund Tool ${index} ${crypto.randomUUID().slice(0, 6)}`,
        minOrderQuantity: 1,
        availableQuantity: 1_000,
        priceCents: 250,
      }),
    ),
  );
  const checkout = await placeTestCheckout(app, buyer, [
    { tool: tools[0]!, quantity: 10 },
    { tool: tools[1]!, quantity: 20 },
  ]);
  await payCheckout(app, buyer, checkout);
  return checkout;
}

const lineOf = (checkout: Checkout, quantity: number): Order => {
  const line = checkout.lines.find((candidate) => candidate.quantity === quantity);
  if (!line) throw new Error(`no line of ${quantity}`);
  return line;
};

const refund = (app: App, admin: TestAccount, orderId: string, amount: unknown) =>
  injectAs(app, admin, {
    method: 'POST',
    url: `/api/manageOrders/${orderId}/refunds`,
    payload: { amount },
  });

const cancel = (app: App, admin: TestAccount, orderId: string, payload?: object) =>
  injectAs(app, admin, {
    method: 'POST',
    url: `/api/manageOrders/${orderId}/cancel`,
    ...(payload ? { payload } : {}),
  });

async function sales(app: App, admin: TestAccount) {
  const response = await injectAs(app, admin, { url: '/api/manageSales' });
  expect(response.statusCode, response.body).toBe(200);
  const overview = SalesOverviewSchema.parse(response.json());
  const sum = (of: (day: (typeof overview.days)[number]) => number) =>
    Math.round(overview.days.reduce((total, day) => total + of(day) * 100, 0));
  return {
    revenueCents: sum((day) => day.revenue),
    refundedCents: sum((day) => day.refunded),
    refundedLines: overview.days.reduce((total, day) => total + day.refundedLines, 0),
    status: (status: string) =>
      overview.ordersByStatus.find((row) => row.status === status)?.count ?? 0,
  };
}

type SalesFigures = Awaited<ReturnType<typeof sales>>;

/** What Sales gained between two readings (the tests of this file share one database). */
function changeOf(before: SalesFigures, after: SalesFigures) {
  return {
    revenueCents: after.revenueCents - before.revenueCents,
    refundedCents: after.refundedCents - before.refundedCents,
    refundedLines: after.refundedLines - before.refundedLines,
  };
}

/** Whether Manage Orders' search finds the order `reference` under `status`. */
async function foundUnder(app: App, admin: TestAccount, reference: string, status: string) {
  const response = await injectAs(app, admin, {
    url: `/api/manageOrders/search?q=${reference}&status=${status}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  const page = ManagedOrdersPageSchema.parse(response.json());
  return page.orders.some((order) => order.reference === reference);
}

/**
 * The cancellation e-mails queued for the checkout or its lines, read from the outbox's table
 * (written in the cancellation's transaction, so there by the answer; the files come later).
 */
async function cancellationMails(app: App, checkout: Checkout) {
  const lineIds = checkout.lines.map((line) => line._id);
  return app.database.db
    .select()
    .from(outboxMessages)
    .where(
      or(
        and(
          sql`${outboxMessages.about}->>'checkoutId' = ${checkout._id}`,
          sql`${outboxMessages.about}->>'mail' = 'checkout cancelled'`,
        ),
        and(
          inArray(sql`${outboxMessages.about}->>'orderId'`, lineIds),
          sql`${outboxMessages.about}->>'mail' = 'order cancelled'`,
        ),
      ),
    );
}

async function managedCheckout(app: App, admin: TestAccount, id: string) {
  const response = await injectAs(app, admin, { url: `/api/manageCheckouts/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return ManagedCheckoutSchema.parse(response.json());
}

async function creditNotesOf(app: App, orderId: string) {
  return app.database.db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(creditNotes.number);
}

describe('refunds of a line, and cancellations with or without one (issue 42 item 3)', () => {
  it('gives part of a line back: its credit note, the line standing, the e-mail, Sales and the CSV', async ({
    app,
    admin,
    customer,
  }) => {
    const before = await sales(app, admin);
    const checkout = await paidCheckout(app, customer);
    const small = lineOf(checkout, 10);

    const response = await refund(app, admin, small._id, '5.00');
    expect(response.statusCode, response.body).toBe(200);
    const { order, creditNote } = RefundOrderResponseSchema.parse(response.json());
    expect(order).toMatchObject({ _id: small._id, status: 'paid', refunded: 5, total: 25 });
    expect(creditNote.amount).toBe(5);

    const [note] = await creditNotesOf(app, small._id);
    expect(note).toMatchObject({ number: creditNote.number, kind: 'refund', totalCents: 500 });
    const pdf = await readPdf(
      (await injectAs(app, customer, { url: `/api/orders/${small._id}/credit-note.pdf` }))
        .rawPayload,
    );
    expect(pdf.text).toContain(serverTexts.creditNote.partLine(small.name, '10'));
    expect(pdf.text).toContain('$5.00');
    expect(pdf.text).not.toContain('$25.00');

    const mail = await latestOutboxMail(
      app,
      customer.email,
      `refunded on your order ${small.reference}`,
    );
    expect(mail.headers.subject).toBe(
      serverTexts.mail.orderRefunded.subject('$5.00', small.reference),
    );
    expect(mail.text).toContain(serverTexts.mail.orderCancelled.creditNoteAttached(note!.number));

    // The checkout's page: the line still to ship, $5 given back.
    const page = await managedCheckout(app, admin, checkout._id);
    expect(page.lines.find((line) => line._id === small._id)).toMatchObject({
      status: 'paid',
      refunded: 5,
    });
    // Sales: $75 paid, $5 of it given back: $70 revenue, one line refunded.
    expect(changeOf(before, await sales(app, admin))).toEqual({
      revenueCents: 7000,
      refundedCents: 500,
      refundedLines: 1,
    });
    const csv = (await injectAs(app, admin, { url: '/api/manageOrders.csv' })).body;
    const record = csv.split('\r\n').find((row) => row.includes(small.reference));
    // Refunded: the fifth column from the end (issue 45's four after it).
    expect(record?.split(',').at(-5)).toBe('5.00');
  });

  it('cancels the rest after a partial refund: credits what was left, the line reads refunded', async ({
    app,
    admin,
    customer,
    otherCustomer,
  }) => {
    const before = await sales(app, admin);
    const checkout = await paidCheckout(app, customer);
    const small = lineOf(checkout, 10);
    expect((await refund(app, admin, small._id, 7.5)).statusCode).toBe(200);

    const response = await cancel(app, admin, small._id);
    expect(response.statusCode, response.body).toBe(200);
    const { order, creditNote } = CancelOrderResponseSchema.parse(response.json());
    expect(order).toMatchObject({ status: 'cancelled', refunded: 25 });
    expect(shownStatus(order)).toBe('refunded');
    expect(creditNote?.amount).toBe(17.5);

    // Two credit notes, adding up to the line: a refund, then the cancellation of the rest.
    const notes = await creditNotesOf(app, small._id);
    expect(notes.map((note) => [note.kind, note.totalCents])).toEqual([
      ['refund', 750],
      ['cancellation', 1750],
    ]);
    const mail = await latestOutboxMail(
      app,
      customer.email,
      `${small.reference} is cancelled and refunded`,
    );
    expect(mail.text).toContain(serverTexts.mail.orderCancelled.body(small.reference, '$17.50'));

    // Each credit note is drawn by its id, for its buyer and admins; nobody else.
    for (const note of notes) {
      const download = await injectAs(app, customer, { url: `/api/creditNotes/${note.id}` });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toContain(note.number);
      expect((await readPdf(download.rawPayload)).text).toContain(note.number);
      expect((await injectAs(app, admin, { url: `/api/creditNotes/${note.id}` })).statusCode).toBe(
        200,
      );
      expectError(
        await injectAs(app, otherCustomer, { url: `/api/creditNotes/${note.id}` }),
        404,
        serverTexts.orderErrors.orderNotFound,
      );
    }

    // Nothing is left to give back.
    expectError(await refund(app, admin, small._id, 1), 400, adminErrors.refundAboveLeft('$0.00'));
    const after = await sales(app, admin);
    expect(changeOf(before, after)).toEqual({
      revenueCents: 5000,
      refundedCents: 2500,
      refundedLines: 1,
    });
    expect(after.status('refunded') - before.status('refunded')).toBe(1);
  });

  it('cancels without a refund: no credit note, the money kept, the stock back, the line reads cancelled', async ({
    app,
    admin,
    customer,
  }) => {
    const before = await sales(app, admin);
    const checkout = await paidCheckout(app, customer);
    const large = lineOf(checkout, 20);
    const stockBefore = await availableOf(app, large.toolId);

    const response = await cancel(app, admin, large._id, { refund: false });
    expect(response.statusCode, response.body).toBe(200);
    const { order, creditNote } = CancelOrderResponseSchema.parse(response.json());
    expect(creditNote).toBeNull();
    expect(order).toMatchObject({ status: 'cancelled', refunded: 0 });
    expect(shownStatus(order)).toBe('cancelled');
    expect(await creditNotesOf(app, large._id)).toEqual([]);
    expect(await availableOf(app, large.toolId)).toBe(stockBefore + 20);
    const mail = await latestOutboxMail(
      app,
      customer.email,
      `order ${large.reference} is cancelled`,
    );
    expect(mail.headers.subject).toBe(
      serverTexts.mail.orderCancelled.withoutRefundSubject(large.reference),
    );
    expect(mail.text).toContain(serverTexts.mail.orderCancelled.withoutRefundBody(large.reference));
    // No credit note to download.
    expect(
      (await injectAs(app, customer, { url: `/api/orders/${large._id}/credit-note.pdf` }))
        .statusCode,
    ).toBe(404);
    // Its money is kept: the whole $75 is revenue.
    const after = await sales(app, admin);
    expect(changeOf(before, after)).toEqual({
      revenueCents: 7500,
      refundedCents: 0,
      refundedLines: 0,
    });
    expect(after.status('cancelled') - before.status('cancelled')).toBe(1);

    // Manage Orders' filter finds it as it reads: cancelled, not refunded.
    expect(await foundUnder(app, admin, large.reference, 'cancelled')).toBe(true);
    expect(await foundUnder(app, admin, large.reference, 'refunded')).toBe(false);

    // A repeated Cancel answers it as it is; a refund agreed later may still go back.
    const again = CancelOrderResponseSchema.parse((await cancel(app, admin, large._id)).json());
    expect(again).toMatchObject({ creditNote: null, order: { refunded: 0 } });
    const later = RefundOrderResponseSchema.parse((await refund(app, admin, large._id, 10)).json());
    expect(shownStatus(later.order)).toBe('refunded');
    expect(await foundUnder(app, admin, large.reference, 'refunded')).toBe(true);
    expect(await foundUnder(app, admin, large.reference, 'cancelled')).toBe(false);
    expect(changeOf(before, await sales(app, admin))).toEqual({
      revenueCents: 6500,
      refundedCents: 1000,
      refundedLines: 1,
    });
  });

  it('returns only what has not shipped when a line shipped in part is cancelled', async ({
    app,
    admin,
    customer,
  }) => {
    const checkout = await paidCheckout(app, customer);
    const large = lineOf(checkout, 20);
    const shipped = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/manageCheckouts/${checkout._id}/shipments`,
      payload: { lines: [{ orderId: large._id, quantity: 15 }] },
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const stockBefore = await availableOf(app, large.toolId);

    expect((await cancel(app, admin, large._id)).statusCode).toBe(200);
    expect(await availableOf(app, large.toolId)).toBe(stockBefore + 5);
  });

  it('refuses a refund above what is left, of nothing, of an unpaid or disputed line, in words', async ({
    app,
    admin,
    customer,
  }) => {
    const checkout = await paidCheckout(app, customer);
    const small = lineOf(checkout, 10);
    expectError(
      await refund(app, admin, small._id, 25.01),
      400,
      adminErrors.refundAboveLeft('$25.00'),
    );
    for (const amount of [0, -1, 'ten']) {
      expect((await refund(app, admin, small._id, amount)).statusCode).toBe(400);
    }
    expect((await refund(app, admin, '00000000-0000-4000-8000-000000000000', 1)).statusCode).toBe(
      404,
    );

    const unpaid = await placeTestCheckout(app, customer, [
      {
        tool: await createTestTool(app, { minOrderQuantity: 1, priceCents: 100 }),
        quantity: 2,
      },
    ]);
    expectError(
      await refund(app, admin, unpaid.lines[0]!._id, 1),
      409,
      adminErrors.orderCannotBeRefunded('not paid'),
    );
    await app.database.db
      .update(orders)
      .set({ status: 'disputed' })
      .where(eq(orders.id, small._id));
    expectError(
      await refund(app, admin, small._id, 1),
      409,
      adminErrors.orderCannotBeRefunded('disputed'),
    );
    // Nothing was recorded by any of them.
    expect(await creditNotesOf(app, small._id)).toEqual([]);
  });

  it('records a refund only on the sum it was asked on: a refund recorded meanwhile wins, the other changes nothing', async ({
    app,
    customer,
  }) => {
    const checkout = await paidCheckout(app, customer);
    const small = lineOf(checkout, 10);
    const db = app.database.db;
    // The first refund of $4 is recorded on 0; a second asked on 0 too finds $4 and records
    // nothing (the service answers it 409 in words).
    expect(await db.transaction((tx) => addOrderRefund(tx, small._id, 0, 400))).toMatchObject({
      refundedCents: 400,
    });
    expect(await db.transaction((tx) => addOrderRefund(tx, small._id, 0, 600))).toBeUndefined();
    // Nor past the line's amount, whatever the sum it is asked on (the table's check).
    await expect(
      db.transaction((tx) => addOrderRefund(tx, small._id, 400, 2101)),
    ).rejects.toThrow();
    const [row] = await db.select().from(orders).where(eq(orders.id, small._id));
    expect(row?.refundedCents).toBe(400);
  });

  it('gives back each of two refunds of one line asked at once, or refuses the second in words: never more than asked', async ({
    app,
    admin,
    customer,
  }) => {
    const checkout = await paidCheckout(app, customer);
    const small = lineOf(checkout, 10);

    const answers = await Promise.all([
      refund(app, admin, small._id, 4),
      refund(app, admin, small._id, 6),
    ]);
    // Both read the line before either recorded (PostgreSQL, usually): one wins, one is told
    // 409. One after the other (PGlite runs a transaction at a time): both are recorded.
    const won = answers.filter((answer) => answer.statusCode === 200);
    expect(won.length).toBeGreaterThan(0);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expectError(refused, 409, adminErrors.refundedMeanwhile);
    }
    const amounts = won.map(
      (answer) => RefundOrderResponseSchema.parse(answer.json()).creditNote.amount * 100,
    );
    const notes = await creditNotesOf(app, small._id);
    expect(notes.map((note) => note.totalCents).sort()).toEqual(amounts.sort());
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, small._id));
    expect(row?.refundedCents).toBe(amounts.reduce((sum, cents) => sum + cents, 0));
  });

  it('cancels a whole checkout in one go: each line refunded what is left, one e-mail with every credit note', async ({
    app,
    admin,
    customer,
  }) => {
    const before = await sales(app, admin);
    const checkout = await paidCheckout(app, customer);
    const small = lineOf(checkout, 10);
    const large = lineOf(checkout, 20);
    expect((await refund(app, admin, small._id, 5)).statusCode).toBe(200);

    const url = `/api/manageCheckouts/${checkout._id}/cancel`;
    const response = await injectAs(app, admin, { method: 'POST', url });
    expect(response.statusCode, response.body).toBe(200);
    const { lines, creditNotes: notes } = CancelCheckoutResponseSchema.parse(response.json());
    expect(lines.map((line) => [line._id, line.status, line.refunded, shownStatus(line)])).toEqual(
      expect.arrayContaining([
        [small._id, 'cancelled', 25, 'refunded'],
        [large._id, 'cancelled', 50, 'refunded'],
      ]),
    );
    expect(notes.map((note) => note.amount).sort()).toEqual([20, 50]);

    // One e-mail for the whole checkout, naming both credit notes and carrying both; none per line.
    const mails = await cancellationMails(app, checkout);
    expect(mails.map((mail) => mail.subject)).toEqual([
      serverTexts.mail.checkoutCancelled.subject(checkout.reference, true),
    ]);
    for (const note of notes) expect(mails[0]?.text).toContain(note.number);
    expect(mails[0]?.text).toContain('$70.00');
    expect(mails[0]?.attachments.map((attachment) => attachment.id).sort()).toEqual(
      notes.map((note) => note.id).sort(),
    );
    expect(changeOf(before, await sales(app, admin))).toEqual({
      revenueCents: 0,
      refundedCents: 7500,
      refundedLines: 2,
    });

    // Again: nothing left to cancel, answered as it stands.
    const again = await injectAs(app, admin, { method: 'POST', url });
    expect(again.statusCode, again.body).toBe(200);
    expect(CancelCheckoutResponseSchema.parse(again.json()).creditNotes).toEqual([]);
    expect(await cancellationMails(app, checkout)).toHaveLength(1);
    const unknown = '/api/manageCheckouts/00000000-0000-4000-8000-000000000000/cancel';
    expect((await injectAs(app, admin, { method: 'POST', url: unknown })).statusCode).toBe(404);
  });

  it('cancels a whole checkout without refunds: no credit notes, its money kept, its stock back', async ({
    app,
    admin,
    customer,
  }) => {
    const before = await sales(app, admin);
    const checkout = await paidCheckout(app, customer);
    const stockBefore = await availableOf(app, lineOf(checkout, 20).toolId);
    const response = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/manageCheckouts/${checkout._id}/cancel`,
      payload: { refund: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = CancelCheckoutResponseSchema.parse(response.json());
    expect(answer.creditNotes).toEqual([]);
    expect(answer.lines.map(shownStatus)).toEqual(['cancelled', 'cancelled']);
    expect(await availableOf(app, lineOf(checkout, 20).toolId)).toBe(stockBefore + 20);
    const mails = await cancellationMails(app, checkout);
    expect(mails.map((mail) => [mail.subject, mail.attachments.length])).toEqual([
      [serverTexts.mail.checkoutCancelled.subject(checkout.reference, false), 0],
    ]);
    expect(changeOf(before, await sales(app, admin))).toEqual({
      revenueCents: 7500,
      refundedCents: 0,
      refundedLines: 0,
    });
  });
});
