import { eq, inArray } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  CancelOrderResponseSchema,
  CREDIT_NOTE_NUMBER_PATTERN,
  invoiceFileName,
  SalesOverviewSchema,
  serverTexts,
  texts,
  type Order,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { type TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { latestOutboxMail } from '../../testing/mail.ts';
import { paidFixture, paidOrderFixture, unpaidOrderFixture } from '../../testing/foundry-orders.ts';
import { readPdf } from '../../testing/pdf.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { creditNotes, invoices } from '../invoices/invoices.table.ts';
import { paymentIntents, payments } from '../payments/payments.table.ts';
import { orders } from './orders.table.ts';
import { availableOf, findOwnOrder } from '../../testing/orders.ts';

const deleteOrder = (app: App, account: TestAccount, id: string) =>
  injectAs(app, account, { method: 'DELETE', url: `/api/deleteOrder/${id}` });
const cancel = (app: App, account: TestAccount | undefined, id: string) =>
  injectAs(app, account, { method: 'POST', url: `/api/manageOrders/${id}/cancel` });
const creditNotePdf = (app: App, account: TestAccount, id: string) =>
  injectAs(app, account, { url: `/api/orders/${id}/credit-note.pdf` });

const it = appTest({
  config: UNCAPPED_ORDERS,
  customerName: 'Ada Customer',
  // $19.99 each.
  tool: { priceCents: 1999, availableQuantity: 100_000 },
})
  .extend('paidOrder', paidOrderFixture)
  .extend('unpaidOrder', unpaidOrderFixture)
  .extend('paid', paidFixture);

/**
 * `quantity` units of the tool ordered with `place` (the unpaidOrder or paidOrder fixture), which
 * takes them off its stock: the order, and the stock before it.
 */
async function orderFromStock(
  app: App,
  toolId: string,
  quantity: number,
  place: (quantity: number) => Promise<Order>,
): Promise<{ order: Order; stockBefore: number }> {
  const stockBefore = await availableOf(app, toolId);
  const order = await place(quantity);
  expect(await availableOf(app, toolId)).toBe(stockBefore - quantity);
  return { order, stockBefore };
}

/** The tool's stock once the admin's `request` (a removal, a cancellation) has succeeded. */
async function stockAfter(
  app: App,
  toolId: string,
  request: ReturnType<typeof injectAs>,
): Promise<number> {
  const response = await request;
  expect(response.statusCode, response.body).toBe(200);
  return availableOf(app, toolId);
}

describe('a paid order is cancelled, never deleted (issue 22 item 5)', () => {
  it("answers an admin's DELETE of a paid order 409 in words, and the books keep the order, its payment and its invoice", async ({
    app,
    admin,
    tool,
    paid,
  }) => {
    const stockBefore = await availableOf(app, tool.id);

    expectError(
      await deleteOrder(app, admin, paid._id),
      409,
      serverTexts.orderErrors.paidOrderCannotBeDeleted,
    );

    const db = app.database.db;
    const [row] = await db.select().from(orders).where(eq(orders.id, paid._id));
    expect(row?.status).toBe('paid');
    expect(await db.select().from(payments).where(eq(payments.orderId, paid._id))).toHaveLength(1);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, paid._id));
    expect(invoice?.orderId).toBe(paid._id);
    expect(await availableOf(app, tool.id)).toBe(stockBefore);
  });

  it('still lets an admin remove an unpaid order, its stock back', async ({
    app,
    admin,
    tool,
    unpaidOrder,
  }) => {
    const { order, stockBefore } = await orderFromStock(app, tool.id, 30, unpaidOrder);
    expect(await stockAfter(app, tool.id, deleteOrder(app, admin, order._id))).toBe(stockBefore);
  });

  it('cancels a paid order: refunded, a credit note issued, the stock back, the books kept, the customer told', async ({
    app,
    customer,
    otherCustomer,
    admin,
    tool,
    paidOrder,
  }) => {
    const { order: paid, stockBefore } = await orderFromStock(app, tool.id, 40, paidOrder);

    const response = await cancel(app, admin, paid._id);
    expect(response.statusCode, response.body).toBe(200);
    const { order, creditNote: issued } = CancelOrderResponseSchema.parse(response.json());
    expect(issued).not.toBeNull();
    const creditNote = issued ?? { number: '', amount: 0 };
    expect(order).toMatchObject({ _id: paid._id, status: 'cancelled', refunded: 799.6 });
    expect(order.cancelledAt).not.toBeNull();
    expect(creditNote.number).toMatch(CREDIT_NOTE_NUMBER_PATTERN);
    expect(creditNote.amount).toBe(799.6);
    // Not shipped: its stock goes back on sale.
    expect(await availableOf(app, tool.id)).toBe(stockBefore);

    const db = app.database.db;
    // The books: the order, its payment and its invoice stay; the credit note names the invoice.
    expect(await db.select().from(payments).where(eq(payments.orderId, paid._id))).toHaveLength(1);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, paid._id));
    const [note] = await db.select().from(creditNotes).where(eq(creditNotes.orderId, paid._id));
    expect(note).toMatchObject({
      number: creditNote.number,
      invoiceId: invoice?.id,
      invoiceNumber: invoice?.number,
      totalCents: 79_960,
      buyerEmail: customer.email,
    });
    // The refund went through the gateway (the test gateway's refund id), noted on the intent.
    expect(note?.refundId).toMatch(/^re_test_/);
    const [intent] = await db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, paid.transectionId ?? ''));
    expect(intent?.refundedAt).not.toBeNull();

    // My Orders shows it cancelled, and the customer downloads the credit note.
    expect((await findOwnOrder(app, customer, paid._id))?.status).toBe('cancelled');
    const download = await creditNotePdf(app, customer, paid._id);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="${invoiceFileName(creditNote.number)}"`,
    );
    const pdf = await readPdf(download.rawPayload);
    expect(pdf.text).toContain(creditNote.number);
    expect(pdf.text).toContain(invoice?.number ?? 'no invoice');
    expect(pdf.text).toContain('Ada Customer');
    expect((await creditNotePdf(app, admin, paid._id)).statusCode).toBe(200);
    expectError(
      await creditNotePdf(app, otherCustomer, paid._id),
      404,
      serverTexts.orderErrors.orderNotFound,
    );

    // The e-mail carries the credit note.
    const mail = await latestOutboxMail(app, customer.email, 'cancelled and refunded');
    expect(mail.text).toContain(
      serverTexts.mail.orderCancelled.creditNoteAttached(creditNote.number),
    );

    // The CSV shows the status; Sales count it cancelled and its money out of the revenue.
    const csv = await injectAs(app, admin, { url: '/api/manageOrders.csv' });
    const line = csv.body.split('\r\n').find((row) => row.includes(paid.reference));
    // Issue 42: its money went back, so it reads 'refunded', and the CSV says how much.
    expect(line).toContain(',refunded,');
    // Refunded is the fifth column from the end (issue 45 put shipping, tax, charged and the
    // tax mode after it).
    expect(line?.split(',').at(-5)).toBe('799.60');
    const sales = SalesOverviewSchema.parse(
      (await injectAs(app, admin, { url: '/api/manageSales' })).json(),
    );
    expect(sales.ordersByStatus.find((row) => row.status === 'refunded')?.count).toBe(1);
    expect(sales.days.reduce((sum, day) => sum + day.refunded, 0)).toBeCloseTo(799.6, 2);
    const revenue = sales.days.reduce((sum, day) => sum + day.revenue, 0);
    // Only the paid order of the first test is revenue: 25 x $19.99.
    expect(revenue).toBeCloseTo(499.75, 2);
  });

  it('answers a repeated Cancel with the same credit note, refunding and returning nothing twice', async ({
    app,
    admin,
    tool,
    paid,
  }) => {
    const first = CancelOrderResponseSchema.parse((await cancel(app, admin, paid._id)).json());
    const stock = await availableOf(app, tool.id);
    const again = await cancel(app, admin, paid._id);
    expect(again.statusCode).toBe(200);
    expect(CancelOrderResponseSchema.parse(again.json()).creditNote).toEqual(first.creditNote);
    expect(await availableOf(app, tool.id)).toBe(stock);
    const notes = await app.database.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.orderId, paid._id));
    expect(notes).toHaveLength(1);
  });

  it('numbers credit notes without gap or duplicate when admins cancel at once (the same order twice too)', async ({
    app,
    admin,
    paidOrder,
  }) => {
    const paid = await Promise.all(Array.from({ length: 6 }, () => paidOrder(11)));
    const ids = [...paid.map((order) => order._id), paid[0]?._id ?? ''];
    const answers = await Promise.all(ids.map((id) => cancel(app, admin, id)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);

    const rows = await app.database.db.select().from(creditNotes);
    const sequences = rows.map((row) => row.sequence).sort((a, b) => a - b);
    // Every credit note of this app so far: 1, 2, 3 ... with no gap and no number twice.
    expect(sequences).toEqual(sequences.map((_, index) => index + 1));
    const mine = await app.database.db
      .select()
      .from(creditNotes)
      .where(
        inArray(
          creditNotes.orderId,
          paid.map((order) => order._id),
        ),
      );
    expect(mine).toHaveLength(6);
  });

  it('keeps a shipped order’s stock sold when it is cancelled', async ({
    app,
    admin,
    tool,
    paidOrder,
  }) => {
    const paid = await paidOrder(30);
    const shipped = await injectAs(app, admin, {
      method: 'PATCH',
      url: `/api/manageOrders/${paid._id}/ship`,
    });
    expect(shipped.statusCode).toBe(200);
    const stock = await availableOf(app, tool.id);
    expect(await stockAfter(app, tool.id, cancel(app, admin, paid._id))).toBe(stock);
  });

  it('refuses to cancel an unpaid order (409: remove it), to a customer (403), and ships no cancelled order', async ({
    app,
    customer,
    admin,
    paidOrder,
    unpaidOrder,
  }) => {
    const unpaid = await unpaidOrder();
    expectError(
      await cancel(app, admin, unpaid._id),
      409,
      texts.adminErrors.unpaidOrderCannotBeCancelled,
    );
    const paid = await paidOrder();
    expectError(await cancel(app, customer, paid._id), 403, texts.identityErrors.adminsOnly);
    expect((await cancel(app, undefined, paid._id)).statusCode).toBe(401);
    expectError(
      await cancel(app, admin, '00000000-0000-4000-8000-000000000000'),
      404,
      serverTexts.orderErrors.orderNotFound,
    );
    expectError(
      await creditNotePdf(app, customer, paid._id),
      404,
      serverTexts.invoiceErrors.notCancelled,
    );
    expect((await cancel(app, admin, paid._id)).statusCode).toBe(200);
    expectError(
      await injectAs(app, admin, { method: 'PATCH', url: `/api/manageOrders/${paid._id}/ship` }),
      409,
      texts.adminErrors.cancelledOrderCannotBeShipped,
    );
  });
});
