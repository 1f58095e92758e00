import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect } from 'vitest';
import {
  checkoutReference,
  invoiceFileName,
  PaymentIntentResponseSchema,
  serverTexts,
  texts,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { signUpTestAccount, type TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import {
  createCheckoutIntent,
  fetchCheckout,
  payCheckout,
  placeTestCheckout,
  requestCheckoutIntent,
} from '../../testing/checkouts.ts';
import { createTestTool } from '../../testing/factories.ts';
import { readOutbox } from '../../testing/mail.ts';
import { confirmTestCard, createTestIntent } from '../../testing/payments.ts';
import { readPdf } from '../../testing/pdf.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { invoiceLines, invoices } from '../invoices/invoices.table.ts';
import { orders } from '../orders/orders.table.ts';
import { paymentIntents, payments } from './payments.table.ts';

const it = appTest({ config: UNCAPPED_ORDERS, customerName: 'Wiktor Kowalczyk' });

/** Two tools on sale: a saw at $12.50 and a file at $4.00, minimum 10 each. */
async function twoTools(app: App) {
  const unique = randomUUID().slice(0, 6);
  return Promise.all([
    createTestTool(app, { name: `Tenon Saw ${unique}`, priceCents: 1250, minOrderQuantity: 10 }),
    createTestTool(app, {
      name: `Half-round File ${unique}`,
      priceCents: 400,
      minOrderQuantity: 10,
    }),
  ]);
}

/** A checkout of two lines (20 saws, 30 files: $250 + $120 = $370) with a PO number. */
async function twoLineCheckout(app: App, customer: TestAccount) {
  const [saw, file] = await twoTools(app);
  const checkout = await placeTestCheckout(
    app,
    customer,
    [
      { tool: saw, quantity: 20 },
      { tool: file, quantity: 30 },
    ],
    { poNumber: 'PO-7731' },
  );
  expect(checkout.lines).toHaveLength(2);
  expect(checkout.total).toBe(370);
  return { checkout, saw, file };
}

async function paymentsOf(app: App, orderIds: readonly string[]) {
  const rows = await app.database.db.select().from(payments);
  return rows.filter((row) => orderIds.includes(row.orderId));
}

async function invoicesOfCheckout(app: App, checkoutId: string) {
  return app.database.db.select().from(invoices).where(eq(invoices.checkoutId, checkoutId));
}

function ship(app: App, admin: TestAccount, orderId: string) {
  return injectAs(app, admin, { method: 'PATCH', url: `/api/manageOrders/${orderId}/ship` });
}

/** The customer's outbox e-mails whose subject holds `part`. */
async function mailsTo(app: App, to: string, part: string) {
  return (await readOutbox(app)).filter(
    (mail) => mail.headers.to?.includes(to) && mail.headers.subject?.includes(part),
  );
}

describe('a checkout of several lines is paid once (issue 26)', () => {
  it('pays both lines with one intent for the total, one transaction id, one invoice listing both', async ({
    app,
  }) => {
    const customer = await signUpTestAccount(app, { name: 'Wiktor Kowalczyk' });
    const { checkout, saw, file } = await twoLineCheckout(app, customer);
    const [first, second] = checkout.lines;
    if (!first || !second) throw new Error('two lines expected');

    // The intent is for the checkout's total, whichever way it is asked for.
    const fromCheckout = await createCheckoutIntent(app, customer, checkout._id, 370);
    const fromLine = await createTestIntent(app, customer, { id: first._id, totalPrice: 370 });
    expect(fromLine).toBe(fromCheckout);
    const [intent] = await app.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.checkoutId, checkout._id));
    expect(intent).toMatchObject({ amountCents: 37_000, checkoutId: checkout._id });
    // Every unpaid line is held for the payment, as one order's hold is.
    const held = await app.database.db
      .select({ holdExtended: orders.holdExtended, holdUntil: orders.holdUntil })
      .from(orders)
      .where(eq(orders.checkoutId, checkout._id));
    expect(held).toHaveLength(2);
    for (const line of held) {
      expect(line.holdExtended).toBe(true);
      expect(line.holdUntil).not.toBeNull();
    }

    // Paid with the card once, recorded on the second line.
    const transectionId = await confirmTestCard(app, customer, fromCheckout);
    const recorded = await injectAs(app, customer, {
      method: 'PATCH',
      url: `/api/tool/${second._id}`,
      payload: { order: second._id, transectionId },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({
      acknowledged: true,
      modifiedCount: 1,
      order: { _id: second._id, paid: true, transectionId },
    });

    const paid = await fetchCheckout(app, customer, checkout._id);
    expect(paid.status).toBe('paid');
    for (const line of paid.lines) {
      expect(line).toMatchObject({ status: 'paid', paid: true, transectionId });
    }
    // One payments row per line, all with the one transaction id, each for its own amount.
    const rows = await paymentsOf(
      app,
      paid.lines.map((line) => line._id),
    );
    expect(rows.map((row) => [row.orderId, row.transactionId, row.amountCents]).sort()).toEqual(
      [
        [first._id, transectionId, first.price * first.quantity * 100],
        [second._id, transectionId, second.price * second.quantity * 100],
      ].sort(),
    );

    // Recording it again, on the other line, changes nothing.
    const again = await injectAs(app, customer, {
      method: 'PATCH',
      url: `/api/tool/${first._id}`,
      payload: { order: first._id, transectionId },
    });
    expect(again.json()).toMatchObject({ acknowledged: true, modifiedCount: 0 });

    // One invoice for the checkout, both lines on it, with the PO number and the total.
    const [invoice, ...more] = await invoicesOfCheckout(app, checkout._id);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      poNumber: 'PO-7731',
      totalCents: 37_000,
      transactionId: transectionId,
      orderReference: checkoutReference(checkout._id),
    });
    const lines = await app.database.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice?.id ?? ''));
    expect(
      lines
        .map((line) => [
          line.sku,
          line.toolName,
          line.quantity,
          line.unitPriceCents,
          line.totalCents,
        ])
        .sort(),
    ).toEqual(
      [
        [saw.sku, saw.name, 20, 1250, 25_000],
        [file.sku, file.name, 30, 400, 12_000],
      ].sort(),
    );

    // The same PDF from the checkout and from either line: a table of both lines.
    const byCheckout = await injectAs(app, customer, {
      url: `/api/checkouts/${checkout._id}/invoice.pdf`,
    });
    expect(byCheckout.statusCode, byCheckout.body).toBe(200);
    expect(byCheckout.headers['content-disposition']).toBe(
      `attachment; filename="${invoiceFileName(invoice?.number ?? '')}"`,
    );
    for (const line of [first, second]) {
      const byLine = await injectAs(app, customer, { url: `/api/orders/${line._id}/invoice.pdf` });
      expect(byLine.rawPayload.equals(byCheckout.rawPayload)).toBe(true);
    }
    const pdf = await readPdf(byCheckout.rawPayload);
    for (const shown of [
      invoice?.number ?? 'no number',
      checkoutReference(checkout._id),
      'PO-7731',
      saw.sku,
      file.sku,
      saw.name,
      file.name,
      '$250.00 USD',
      '$120.00 USD',
      '$370.00 USD',
      'Wiktor Kowalczyk',
      transectionId,
    ]) {
      expect(pdf.text).toContain(shown);
    }
  });

  it('answers 409 in words for a totalPrice other than the checkout total, and 404 for another customer', async ({
    app,
    otherCustomer,
  }) => {
    const customer = await signUpTestAccount(app);
    const { checkout } = await twoLineCheckout(app, customer);
    const [first] = checkout.lines;
    if (!first) throw new Error('a line expected');

    // The line's own total is not what the checkout costs.
    const lineAlone = await injectAs(app, customer, {
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { orderId: first._id, totalPrice: first.price * first.quantity },
    });
    expectError(lineAlone, 409, texts.paymentErrors.totalMismatch('$370.00'));
    expectError(
      await requestCheckoutIntent(app, customer, checkout._id, 369.99),
      409,
      texts.paymentErrors.totalMismatch('$370.00'),
    );
    // Without a total, the checkout's is used.
    expect((await requestCheckoutIntent(app, customer, checkout._id)).statusCode).toBe(200);
    expectError(
      await requestCheckoutIntent(app, otherCustomer, checkout._id),
      404,
      serverTexts.orderErrors.checkoutNotFound,
    );
    expectError(
      await requestCheckoutIntent(app, customer, 'not-an-id'),
      404,
      serverTexts.orderErrors.checkoutNotFound,
    );

    // Paid: no new intent, and the invoice downloads for the buyer only.
    await payCheckout(app, customer, checkout);
    expectError(
      await requestCheckoutIntent(app, customer, checkout._id),
      409,
      texts.paymentErrors.alreadyPaid,
    );
    const stranger = await injectAs(app, otherCustomer, {
      url: `/api/checkouts/${checkout._id}/invoice.pdf`,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('a line removed before paying lowers the intent; a payment of the old total is refunded', async ({
    app,
  }) => {
    const customer = await signUpTestAccount(app);
    const { checkout } = await twoLineCheckout(app, customer);
    const [kept, removed] = checkout.lines;
    if (!kept || !removed) throw new Error('two lines expected');

    const oldSecret = await createCheckoutIntent(app, customer, checkout._id, 370);
    const oldTransaction = await confirmTestCard(app, customer, oldSecret);

    const deleted = await injectAs(app, customer, {
      method: 'DELETE',
      url: `/api/deleteOrder/${removed._id}`,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await fetchCheckout(app, customer, checkout._id);
    const newTotal = kept.price * kept.quantity;
    expect(left.total).toBe(newTotal);

    // The old payment (370) no longer matches the checkout: refunded, nothing paid.
    const stale = await injectAs(app, customer, {
      method: 'PATCH',
      url: `/api/tool/${kept._id}`,
      payload: { order: kept._id, transectionId: oldTransaction },
    });
    expectError(stale, 409, texts.paymentErrors.totalChangedRefunded);
    const [oldIntent] = await app.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, oldTransaction));
    expect(oldIntent?.refundedAt).not.toBeNull();
    expect((await fetchCheckout(app, customer, checkout._id)).status).toBe('unpaid');

    // A new intent for the new total pays what is left.
    const newSecret = await createCheckoutIntent(app, customer, checkout._id, newTotal);
    expect(newSecret).not.toBe(oldSecret);
    const response = await injectAs(app, customer, {
      method: 'POST',
      url: `/api/checkouts/${checkout._id}/payment-intent`,
      payload: {},
    });
    expect(PaymentIntentResponseSchema.parse(response.json()).clientSecret).toBe(newSecret);
    const { transectionId } = await payCheckout(app, customer, left);
    expect((await fetchCheckout(app, customer, checkout._id)).lines).toEqual([
      expect.objectContaining({ _id: kept._id, paid: true, transectionId }),
    ]);
    const [invoice] = await invoicesOfCheckout(app, checkout._id);
    expect(invoice?.totalCents).toBe(newTotal * 100);
  });
});

describe("a checkout's e-mails: one per step (issue 26)", () => {
  it('one paid e-mail with the invoice attached; shipped only once the last line ships', async ({
    app,
    admin,
  }) => {
    const customer = await signUpTestAccount(app);
    const { checkout, saw, file } = await twoLineCheckout(app, customer);
    const reference = checkoutReference(checkout._id);
    const words = serverTexts.mail.checkout;

    // Placed: one e-mail for the checkout, every line with its SKU.
    const placed = await mailsTo(app, customer.email, words.placed.subject(reference));
    expect(placed).toHaveLength(1);
    for (const sku of [saw.sku, file.sku]) expect(placed[0]?.text).toContain(sku);

    const { transectionId } = await payCheckout(app, customer, checkout);
    const paidMails = await mailsTo(app, customer.email, words.paid.subject(reference));
    expect(paidMails).toHaveLength(1);
    const [invoice] = await invoicesOfCheckout(app, checkout._id);
    const number = invoice?.number ?? 'no invoice';
    const parsed = await simpleParser(await readFile(paidMails[0]?.file ?? ''));
    for (const shown of [saw.sku, file.sku, saw.name, file.name, 'PO-7731', '$370.00']) {
      expect(parsed.text).toContain(shown);
    }
    expect(parsed.text).toContain(transectionId);
    expect(parsed.text).toContain(words.paid.invoiceAttached(number));
    expect(parsed.attachments.map((attachment) => attachment.filename)).toEqual([
      invoiceFileName(number),
    ]);
    const attached = await readPdf(parsed.attachments[0]?.content ?? Buffer.alloc(0));
    expect(attached.text).toContain(saw.sku);
    expect(attached.text).toContain(file.sku);
    // No per-line paid e-mail beside it; the staff get one for the checkout too.
    for (const line of checkout.lines) {
      expect(await mailsTo(app, customer.email, line.reference)).toHaveLength(0);
    }
    const staff = await mailsTo(app, admin.email, words.paidForStaff.subject(reference, '$370.00'));
    expect(staff).toHaveLength(1);
    for (const sku of [saw.sku, file.sku]) expect(staff[0]?.text).toContain(sku);

    // Each line shipped on its own is a shipment, with its e-mail (issue 42): the first names
    // what left and what is still to come; the last, that nothing is; a repeated Ship, none.
    const [first, second] = checkout.lines;
    const aboutShipments = `of your checkout ${reference} is on its way`;
    expect((await ship(app, admin, first?._id ?? '')).statusCode).toBe(200);
    const [firstMail] = await mailsTo(app, customer.email, aboutShipments);
    expect(firstMail?.text).toMatch(
      new RegExp(`In this shipment[^]*${first?.sku}[^]*Still to come[^]*${second?.sku}`),
    );
    expect((await ship(app, admin, second?._id ?? '')).statusCode).toBe(200);
    expect((await ship(app, admin, second?._id ?? '')).statusCode).toBe(200);
    const shipped = await mailsTo(app, customer.email, aboutShipments);
    expect(shipped).toHaveLength(2);
    // By shipment number: the later one last.
    const last = shipped.find((mail) => mail.headers.subject !== firstMail?.headers.subject);
    expect(last?.text).toContain(second?.sku);
    expect(last?.html).toContain(second?.sku);
    expect(last?.text).toContain('every line has now shipped');
  });
});
