import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  CancelCheckoutResponseSchema,
  CancelOrderResponseSchema,
  CheckoutListSchema,
  formatMoney,
  serverTexts,
  ManagedCheckoutSchema,
  ManagedOrderDetailSchema,
  MyCompanySchema,
  ReceivablesSchema,
  RecordedInvoicePaymentSchema,
  SalesOverviewSchema,
  ShipmentResponseSchema,
  texts,
  type CheckoutResponse,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { callAs } from '../../testing/companies.ts';
import { latestOutboxMail } from '../../testing/mail.ts';
import { checkOutOnAccount, companyOnTerms, toolAt } from '../../testing/on-account.ts';
import { readPdf } from '../../testing/pdf.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { orders } from '../orders/orders.table.ts';
import { creditNotes, invoicePayments, invoices } from './invoices.table.ts';

// Issue 45 items 3 and 5: an invoiced checkout ships before its money comes; the shop's admins
// record the payments received against its invoice, partial or full; the payment that leaves
// nothing open settles it, and the checkout is paid with that bank reference.

const clock = { now: new Date('2030-05-01T09:00:00Z') };
// Shipping is charged ($25 a checkout), so that cancelling a whole checkout credits it too.
const it = appTest({
  config: {
    ...UNCAPPED_ORDERS,
    shippingRates: { kind: 'charged', bands: [{ from: 0, charge: 25 }] },
  },
  now: () => clock.now,
});
const errors = texts.receivables.errors;
const DAY_MS = 24 * 60 * 60 * 1000;

async function invoiceOf(app: App, checkoutId: string) {
  const [row] = await app.database.db
    .select()
    .from(invoices)
    .where(eq(invoices.checkoutId, checkoutId));
  if (!row) throw new Error(`no invoice of checkout ${checkoutId}`);
  return row;
}

function pay(
  app: App,
  admin: TestAccount,
  invoiceId: string,
  payment: { receivedOn?: string; amount: number | string; bankReference: string },
) {
  return callAs(app, admin, 'POST', `/api/manageReceivables/${invoiceId}/payments`, {
    receivedOn: '2030-05-01',
    ...payment,
  });
}

async function managedCheckout(app: App, admin: TestAccount, id: string) {
  const response = await callAs(app, admin, 'GET', `/api/manageCheckouts/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return ManagedCheckoutSchema.parse(response.json());
}

async function receivables(app: App, admin: TestAccount) {
  const response = await callAs(app, admin, 'GET', '/api/manageReceivables');
  expect(response.statusCode, response.body).toBe(200);
  return ReceivablesSchema.parse(response.json());
}

/** A company on net 30 with a $10,000 limit, and its buyer's checkout of two lines on account. */
async function invoicedCheckout(
  app: App,
  admin: TestAccount,
  name: string,
): Promise<{ placed: CheckoutResponse; buyer: TestAccount; companyAdmin: TestAccount }> {
  const company = await companyOnTerms(app, admin, `${name} Ltd`, {
    paymentTermsDays: 30,
    creditLimit: 10_000,
  });
  const [first, second] = [await toolAt(app, `${name} Mallet`), await toolAt(app, `${name} Rasp`)];
  const placed = await checkOutOnAccount(
    app,
    company.buyer,
    [
      { tool: first, quantity: 3 },
      { tool: second!, quantity: 2 },
    ],
    `PO-${name}`,
  );
  expect(placed.checkout.status).toBe('invoiced');
  return { placed, buyer: company.buyer, companyAdmin: company.admin };
}

describe('shipping before payment (issue 45 item 3)', () => {
  it('ships an invoiced checkout line by line, and an undone shipment makes its line invoiced again', async ({
    app,
    admin,
  }) => {
    clock.now = new Date('2030-05-01T09:00:00Z');
    const { placed, buyer } = await invoicedCheckout(app, admin, 'Shipfirst');
    const [first, second] = placed.checkout.lines;
    const shipped = await callAs(
      app,
      admin,
      'POST',
      `/api/manageCheckouts/${placed.checkout._id}/shipments`,
      { lines: [{ orderId: first!._id }], carrier: 'DHL', trackingNumber: 'JD77' },
    );
    expect(shipped.statusCode, shipped.body).toBe(201);
    const shipment = ShipmentResponseSchema.parse(shipped.json());
    expect(shipment.checkout.lines.map((line) => line.status).sort()).toEqual([
      'invoiced',
      'shipped',
    ]);
    // The buyer's checkout reads as shipping does while its invoice is open.
    const mine = CheckoutListSchema.parse(
      (await callAs(app, buyer, 'GET', '/api/checkouts')).json(),
    );
    expect(mine.find((c) => c._id === placed.checkout._id)?.status).toBe('partlyShipped');
    const [line] = await app.database.db.select().from(orders).where(eq(orders.id, first!._id));
    expect(line).toMatchObject({ status: 'shipped', paidAt: null });

    // Undone: nothing of it left shipped, and its invoice open: invoiced again, not paid.
    const undone = await callAs(
      app,
      admin,
      'POST',
      `/api/manageShipments/${shipment.shipment._id}/undo`,
    );
    expect(undone.statusCode, undone.body).toBe(200);
    const after = await managedCheckout(app, admin, placed.checkout._id);
    expect(after.lines.map((l) => l.status)).toEqual(['invoiced', 'invoiced']);

    // The whole checkout ships, in part first.
    const part = await callAs(
      app,
      admin,
      'POST',
      `/api/manageCheckouts/${placed.checkout._id}/shipments`,
      { lines: [{ orderId: second!._id, quantity: 1 }] },
    );
    expect(part.statusCode, part.body).toBe(201);
    expect(
      ShipmentResponseSchema.parse(part.json()).checkout.lines.find((l) => l._id === second!._id)
        ?.status,
    ).toBe('partly_shipped');
    const rest = await callAs(
      app,
      admin,
      'POST',
      `/api/manageCheckouts/${placed.checkout._id}/shipments`,
      { lines: [{ orderId: first!._id }, { orderId: second!._id }] },
    );
    expect(rest.statusCode, rest.body).toBe(201);
    const rows = await app.database.db
      .select({ status: orders.status, paidAt: orders.paidAt })
      .from(orders)
      .where(eq(orders.checkoutId, placed.checkout._id));
    expect(rows).toEqual([
      { status: 'shipped', paidAt: null },
      { status: 'shipped', paidAt: null },
    ]);
  });
});

describe('Receivables: GET /api/manageReceivables, POST /api/manageReceivables/:id/payments (issue 45 item 5)', () => {
  it('records two partial payments, and the second settles the invoice: the checkout is paid with its reference', async ({
    app,
    admin,
  }) => {
    clock.now = new Date('2030-05-01T09:00:00Z');
    const { placed, buyer, companyAdmin } = await invoicedCheckout(app, admin, 'Twopay');
    const invoice = await invoiceOf(app, placed.checkout._id);
    expect(invoice.totalCents).toBe(50_000 + Math.round((placed.checkout.shipping ?? 0) * 100));
    const total = invoice.totalCents / 100;

    // It is on the Receivables page, under its company, nothing received.
    const listed = await receivables(app, admin);
    const company = listed.companies.find((c) => c.legalName === 'Twopay Ltd');
    expect(company?.invoices).toEqual([
      expect.objectContaining({
        _id: invoice.id,
        number: invoice.number,
        poNumber: 'PO-Twopay',
        total,
        received: 0,
        open: total,
        daysOverdue: 0,
        payments: [],
      }),
    ]);

    // Ships before payment; then the first part of the money comes.
    const shipped = await callAs(
      app,
      admin,
      'POST',
      `/api/manageCheckouts/${placed.checkout._id}/shipments`,
      { lines: [{ orderId: placed.checkout.lines[0]!._id }] },
    );
    expect(shipped.statusCode, shipped.body).toBe(201);
    clock.now = new Date('2030-05-10T12:00:00Z');
    const first = await pay(app, admin, invoice.id, {
      amount: 200,
      bankReference: 'BANK-TP-1',
      receivedOn: '2030-05-10',
    });
    expect(first.statusCode, first.body).toBe(201);
    const firstAnswer = RecordedInvoicePaymentSchema.parse(first.json());
    expect(firstAnswer.settled).toBe(false);
    expect(firstAnswer.invoice).toMatchObject({ received: 200, open: total - 200 });
    expect(firstAnswer.payment).toMatchObject({
      amount: 200,
      bankReference: 'BANK-TP-1',
      receivedOn: '2030-05-10',
      recordedBy: admin.name,
    });
    // Still invoiced: nothing paid yet, the company's balance is what is left.
    const stillOpen = await managedCheckout(app, admin, placed.checkout._id);
    expect(stillOpen.lines.map((l) => l.status).sort()).toEqual(['invoiced', 'shipped']);
    // Shipped is not paid: its money has not come.
    expect(stillOpen.lines.map((l) => l.paid)).toEqual([false, false]);
    const credit = MyCompanySchema.parse(
      (await callAs(app, companyAdmin, 'GET', '/api/company')).json(),
    ).credit;
    expect(credit?.openBalance).toBe(total - 200);

    // The same transfer recorded again: the first answer, nothing added.
    const again = await pay(app, admin, invoice.id, {
      amount: 200,
      bankReference: ' bank-tp-1 ',
      receivedOn: '2030-05-10',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(RecordedInvoicePaymentSchema.parse(again.json()).payment._id).toBe(
      firstAnswer.payment._id,
    );
    expect((await invoiceOf(app, placed.checkout._id)).receivedCents).toBe(20_000);

    // The rest settles it.
    clock.now = new Date('2030-05-20T08:00:00Z');
    const rest = await pay(app, admin, invoice.id, {
      amount: total - 200,
      bankReference: 'BANK-TP-2',
      receivedOn: '2030-05-19',
    });
    expect(rest.statusCode, rest.body).toBe(201);
    const restAnswer = RecordedInvoicePaymentSchema.parse(rest.json());
    expect(restAnswer.settled).toBe(true);
    expect(restAnswer.invoice.open).toBe(0);
    expect(restAnswer.invoice.payments.map((p) => p.bankReference)).toEqual([
      'BANK-TP-1',
      'BANK-TP-2',
    ]);

    const paidPdf = await injectAs(app, buyer, {
      url: `/api/checkouts/${placed.checkout._id}/invoice.pdf`,
    });
    const paidText = (await readPdf(paidPdf.rawPayload)).text;
    expect(paidText).toContain(serverTexts.invoice.settled);
    expect(paidText).toContain('BANK-TP-2');
    const settled = await invoiceOf(app, placed.checkout._id);
    expect(settled).toMatchObject({
      receivedCents: settled.totalCents,
      transactionId: 'BANK-TP-2',
    });
    expect(settled.paidAt).toEqual(clock.now);
    // The shipped line keeps its status; the other is paid; both carry the reference.
    const lines = await managedCheckout(app, admin, placed.checkout._id);
    expect(lines.lines.map((l) => l.paid)).toEqual([true, true]);
    expect(lines.lines.map((l) => [l.status, l.transectionId]).sort()).toEqual([
      ['paid', 'BANK-TP-2'],
      ['shipped', 'BANK-TP-2'],
    ]);
    // The paid e-mail, and the timeline of each line.
    const mail = await latestOutboxMail(app, buyer.email, 'Payment received');
    expect(mail.headers.subject).toContain(placed.checkout.reference);
    const page = ManagedOrderDetailSchema.parse(
      (
        await callAs(app, admin, 'GET', `/api/manageOrders/${placed.checkout.lines[0]!._id}`)
      ).json(),
    );
    expect(page.paidAt).toBe(clock.now.toISOString());
    expect(
      page.events.filter((e) => e.kind === 'payment_received').map((e) => e.detail.bankReference),
    ).toEqual(['BANK-TP-1', 'BANK-TP-2']);
    // In the order it happened: the payment, then the 'paid' it settled, then the e-mail.
    expect(page.events.slice(-3).map((e) => e.kind)).toEqual(['payment_received', 'paid', 'email']);
    expect(
      page.events.some((e) => e.kind === 'paid' && e.detail.transactionId === 'BANK-TP-2'),
    ).toBe(true);

    // Off the Receivables page; the company owes nothing; a payment more is refused.
    expect(
      (await receivables(app, admin)).companies.some((c) => c.legalName === 'Twopay Ltd'),
    ).toBe(false);
    const after = MyCompanySchema.parse(
      (await callAs(app, companyAdmin, 'GET', '/api/company')).json(),
    );
    expect(after.credit?.openBalance).toBe(0);
    const late = await pay(app, admin, invoice.id, { amount: 1, bankReference: 'BANK-TP-3' });
    expectError(late, 409, errors.settled);
  });

  it('refuses in words, and records nothing: more than is open, a reference used elsewhere or otherwise, a day to come, no such invoice', async ({
    app,
    admin,
  }) => {
    clock.now = new Date('2030-05-01T09:00:00Z');
    const { placed } = await invoicedCheckout(app, admin, 'Refuse');
    const other = await invoicedCheckout(app, admin, 'Elsewhere');
    const invoice = await invoiceOf(app, placed.checkout._id);
    const otherInvoice = await invoiceOf(app, other.placed.checkout._id);
    const open = invoice.totalCents / 100;

    expectError(
      await pay(app, admin, invoice.id, { amount: open + 0.01, bankReference: 'R-1' }),
      409,
      errors.overOpen(open + 0.01, open),
    );
    expect(
      (await pay(app, admin, otherInvoice.id, { amount: 5, bankReference: 'R-2' })).statusCode,
    ).toBe(201);
    expectError(
      await pay(app, admin, invoice.id, { amount: 5, bankReference: 'r-2' }),
      409,
      errors.referenceElsewhere(otherInvoice.number),
    );
    expectError(
      await pay(app, admin, otherInvoice.id, { amount: 6, bankReference: 'R-2' }),
      409,
      errors.referenceDiffers,
    );
    expectError(
      await pay(app, admin, invoice.id, {
        amount: 5,
        bankReference: 'R-3',
        receivedOn: '2030-05-02',
      }),
      400,
      errors.receivedInFuture,
    );
    expectError(
      await pay(app, admin, crypto.randomUUID(), { amount: 5, bankReference: 'R-4' }),
      404,
      errors.notFound,
    );
    expectError(
      await pay(app, admin, 'not-an-id', { amount: 5, bankReference: 'R-5' }),
      404,
      errors.notFound,
    );
    const bad = await pay(app, admin, invoice.id, { amount: 0, bankReference: '  ' });
    expect(bad.statusCode).toBe(400);

    const recorded = await app.database.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, invoice.id));
    expect(recorded).toEqual([]);
    expect((await invoiceOf(app, placed.checkout._id)).receivedCents).toBe(0);
  });

  it('adds up two payments at once one after the other: the one that would pass what is open is refused', async ({
    app,
    admin,
  }) => {
    clock.now = new Date('2030-05-01T09:00:00Z');
    const { placed } = await invoicedCheckout(app, admin, 'Racing');
    const invoice = await invoiceOf(app, placed.checkout._id);
    const most = Math.floor(invoice.totalCents / 100 / 2) + 1;
    const answers = await Promise.all([
      pay(app, admin, invoice.id, { amount: most, bankReference: 'RACE-A' }),
      pay(app, admin, invoice.id, { amount: most, bankReference: 'RACE-B' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await invoiceOf(app, placed.checkout._id)).receivedCents).toBe(most * 100);

    // The same reference twice at once: one payment.
    const same = await Promise.all([
      pay(app, admin, invoice.id, { amount: 1, bankReference: 'RACE-C' }),
      pay(app, admin, invoice.id, { amount: 1, bankReference: 'RACE-C' }),
    ]);
    expect(same.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect((await invoiceOf(app, placed.checkout._id)).receivedCents).toBe(most * 100 + 100);
  });

  it('shows days overdue, and Sales adds up receivables and what is overdue', async ({
    app,
    admin,
  }) => {
    clock.now = new Date('2030-05-01T09:00:00Z');
    const before = SalesOverviewSchema.parse(
      (await callAs(app, admin, 'GET', '/api/manageSales')).json(),
    ).receivables;
    const { placed } = await invoicedCheckout(app, admin, 'Latepay');
    const invoice = await invoiceOf(app, placed.checkout._id);
    const total = invoice.totalCents / 100;

    clock.now = new Date(invoice.dueAt!.getTime() + 3 * DAY_MS + 60_000);
    const late = (await receivables(app, admin)).companies.find(
      (c) => c.legalName === 'Latepay Ltd',
    );
    expect(late).toMatchObject({ open: total, overdue: total });
    expect(late?.invoices[0]?.daysOverdue).toBe(3);
    const sales = SalesOverviewSchema.parse(
      (await callAs(app, admin, 'GET', '/api/manageSales')).json(),
    ).receivables;
    expect(sales.open).toBeCloseTo(before.open + total, 2);
    expect(sales.overdue).toBeGreaterThanOrEqual(total);

    // Not the buyer's to see.
    const buyerCall = await injectAs(app, (await invoicedCheckout(app, admin, 'Nosee')).buyer, {
      url: '/api/manageReceivables',
    });
    expect(buyerCall.statusCode).toBe(403);
  });
});

describe('cancelling on account: credit notes against the open invoice (issue 45)', () => {
  it('credits a cancelled line off the invoice, and a payment covering the rest settles it', async ({
    app,
    admin,
  }) => {
    clock.now = new Date('2030-05-01T09:00:00Z');
    const { placed, buyer } = await invoicedCheckout(app, admin, 'Creditline');
    const invoice = await invoiceOf(app, placed.checkout._id);
    const [three, two] = [...placed.checkout.lines].sort((a, b) => b.quantity - a.quantity);

    const cancelled = await callAs(app, admin, 'POST', `/api/manageOrders/${three!._id}/cancel`, {
      refund: false,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const answer = CancelOrderResponseSchema.parse(cancelled.json());
    expect(answer.order.status).toBe('cancelled');
    expect(answer.creditNote?.amount).toBe(300);
    const [note] = await app.database.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.orderId, three!._id));
    // Nothing was received: nothing went through the gateway.
    expect(note).toMatchObject({
      refundId: null,
      invoiceNumber: invoice.number,
      totalCents: 30_000,
    });
    // The buyer is told it is credited, not refunded to a card.
    const told = await latestOutboxMail(app, buyer.email, 'cancelled and credited');
    expect(told.text).toContain(`credited ${formatMoney(300)} to its invoice`);
    const credited = await invoiceOf(app, placed.checkout._id);
    expect(credited).toMatchObject({ creditedCents: 30_000, paidAt: null });
    const listed = (await receivables(app, admin)).companies.find(
      (c) => c.legalName === 'Creditline Ltd',
    );
    const open = (invoice.totalCents - 30_000) / 100;
    expect(listed?.invoices[0]).toMatchObject({ credited: 300, open });

    // What is left is paid: the invoice settles, the line left is paid.
    const paid = await pay(app, admin, invoice.id, { amount: open, bankReference: 'CL-1' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(RecordedInvoicePaymentSchema.parse(paid.json()).settled).toBe(true);
    const lines = await managedCheckout(app, admin, placed.checkout._id);
    expect(lines.lines.find((l) => l._id === two!._id)?.status).toBe('paid');
    expect(lines.lines.find((l) => l._id === three!._id)?.status).toBe('cancelled');
  });

  it('cancels a whole checkout on account: every line and its shipping credited, the invoice closed', async ({
    app,
    admin,
  }) => {
    clock.now = new Date('2030-05-01T09:00:00Z');
    const { placed, companyAdmin, buyer } = await invoicedCheckout(app, admin, 'Wholecancel');
    const cancelled = await callAs(
      app,
      admin,
      'POST',
      `/api/manageCheckouts/${placed.checkout._id}/cancel`,
      {},
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const answer = CancelCheckoutResponseSchema.parse(cancelled.json());
    expect(answer.lines.map((l) => l.status)).toEqual(['cancelled', 'cancelled']);
    const invoice = await invoiceOf(app, placed.checkout._id);
    expect(invoice.shippingCents).toBe(2_500);
    expect(invoice.creditedCents).toBe(invoice.totalCents);
    expect(invoice.paidAt).toEqual(clock.now);
    expect(answer.creditNotes.reduce((sum, n) => sum + n.amount, 0)).toBeCloseTo(
      invoice.totalCents / 100,
      2,
    );
    expect(
      (await receivables(app, admin)).companies.some((c) => c.legalName === 'Wholecancel Ltd'),
    ).toBe(false);
    const company = MyCompanySchema.parse(
      (await callAs(app, companyAdmin, 'GET', '/api/company')).json(),
    );
    expect(company.credit?.openBalance).toBe(0);
    // Its invoice says nothing is due, not that it was paid.
    const pdf = await injectAs(app, buyer, {
      url: `/api/checkouts/${placed.checkout._id}/invoice.pdf`,
    });
    expect(pdf.statusCode).toBe(200);
    const text = (await readPdf(pdf.rawPayload)).text;
    expect(text).toContain(serverTexts.invoice.creditedInFull);
    expect(text).not.toContain(serverTexts.invoice.settled);
  });
});
