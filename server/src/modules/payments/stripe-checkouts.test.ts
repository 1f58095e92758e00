import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { CancelOrderResponseSchema, PaymentIntentResponseSchema } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { signUpTestAccount } from '../../testing/accounts.ts';
import { stripeAppTest } from '../../testing/app-fixtures.ts';
import {
  fetchCheckout,
  placeTestCheckout,
  requestCheckoutIntent,
} from '../../testing/checkouts.ts';
import { createTestTool } from '../../testing/factories.ts';
import { injectAs } from '../../testing/requests.ts';
import { deliverStripeEvent } from '../../testing/stripe-webhooks.ts';
import { creditNotes, invoiceLines, invoices } from '../invoices/invoices.table.ts';

const it = stripeAppTest();

/** A checkout of two lines: 12 at $19.99 ($239.88) and 25 at $4.00 ($100.00), $339.88 in all. */
async function twoLineCheckout(app: App, customer: Awaited<ReturnType<typeof signUpTestAccount>>) {
  const unique = randomUUID().slice(0, 6);
  const [gauge, rule] = await Promise.all([
    createTestTool(app, { name: `Feeler Gauge ${unique}`, priceCents: 1999, minOrderQuantity: 10 }),
    createTestTool(app, { name: `Steel Rule ${unique}`, priceCents: 400, minOrderQuantity: 10 }),
  ]);
  return placeTestCheckout(
    app,
    customer,
    [
      { tool: gauge, quantity: 12 },
      { tool: rule, quantity: 25 },
    ],
    { poNumber: 'PO-STRIPE-9' },
  );
}

async function invoicesOf(app: App, checkoutId: string) {
  return app.database.db.select().from(invoices).where(eq(invoices.checkoutId, checkoutId));
}

describe('a checkout paid through Stripe (issue 26)', () => {
  it.afterEach(async ({ stripe }) => {
    await stripe.recover();
  });

  it("creates one PaymentIntent for the checkout's total, with its id; the webhook pays both lines and issues one invoice", async ({
    app,
    stripe,
  }) => {
    const customer = await signUpTestAccount(app);
    const checkout = await twoLineCheckout(app, customer);
    const response = await requestCheckoutIntent(app, customer, checkout._id, 339.88);
    expect(response.statusCode, response.body).toBe(200);
    const { clientSecret } = PaymentIntentResponseSchema.parse(response.json());
    const intentId = clientSecret.split('_secret_')[0] ?? '';
    expect(stripe.requests.at(-1)?.form).toMatchObject({
      amount: '33988',
      currency: 'usd',
      'metadata[checkout_id]': checkout._id,
    });
    expect(stripe.requests.at(-1)?.idempotencyKey).toBe(`checkout-${checkout._id}-amount-33988`);

    // Stripe tells us twice; the browser never comes back.
    const succeeded = stripe.setIntentStatus(intentId, 'succeeded');
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const delivered = await deliverStripeEvent(app, 'payment_intent.succeeded', succeeded);
      expect(delivered.statusCode, delivered.body).toBe(200);
    }
    const paid = await fetchCheckout(app, customer, checkout._id);
    expect(paid.status).toBe('paid');
    for (const line of paid.lines) {
      expect(line).toMatchObject({ paid: true, transectionId: intentId });
    }
    const issued = await invoicesOf(app, checkout._id);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ totalCents: 33_988, poNumber: 'PO-STRIPE-9' });
    const lines = await app.database.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, issued[0]?.id ?? ''));
    expect(lines).toHaveLength(2);
  });

  it("cancelling one paid line refunds that line's amount alone, once, and credits that line of the invoice", async ({
    app,
    stripe,
    admin,
  }) => {
    const customer = await signUpTestAccount(app);
    const checkout = await twoLineCheckout(app, customer);
    const response = await requestCheckoutIntent(app, customer, checkout._id);
    const { clientSecret } = PaymentIntentResponseSchema.parse(response.json());
    const intentId = clientSecret.split('_secret_')[0] ?? '';
    const succeeded = stripe.setIntentStatus(intentId, 'succeeded');
    expect((await deliverStripeEvent(app, 'payment_intent.succeeded', succeeded)).statusCode).toBe(
      200,
    );
    const [gaugeLine, ruleLine] = checkout.lines;
    if (!gaugeLine || !ruleLine) throw new Error('two lines expected');
    const gaugeCents = Math.round(gaugeLine.price * 100) * gaugeLine.quantity;

    const cancelled = await Promise.all(
      [1, 2].map(() =>
        injectAs(app, admin, {
          method: 'POST',
          url: `/api/manageOrders/${gaugeLine._id}/cancel`,
        }),
      ),
    );
    for (const answer of cancelled) expect(answer.statusCode, answer.body).toBe(200);
    const note = CancelOrderResponseSchema.parse(cancelled[0]?.json()).creditNote;
    expect(note?.amount).toBe(gaugeCents / 100);

    const refundCalls = stripe.requests.filter(
      (request) => request.path === '/v1/refunds' && request.form.payment_intent === intentId,
    );
    expect(new Set(refundCalls.map((request) => request.idempotencyKey))).toEqual(
      new Set([`refund-${intentId}-${gaugeLine._id}`]),
    );
    expect(refundCalls[0]?.form.amount).toBe(String(gaugeCents));
    expect(
      stripe.refunds
        .filter((refund) => refund.payment_intent === intentId)
        .map((refund) => refund.amount),
    ).toEqual([gaugeCents]);

    // The other line stays paid; the credit note names the checkout's invoice.
    const after = await fetchCheckout(app, customer, checkout._id);
    expect(after.lines.find((line) => line._id === ruleLine._id)?.status).toBe('paid');
    expect(after.lines.find((line) => line._id === gaugeLine._id)?.status).toBe('cancelled');
    const [invoice] = await invoicesOf(app, checkout._id);
    const [credit] = await app.database.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.orderId, gaugeLine._id));
    expect(credit).toMatchObject({
      invoiceNumber: invoice?.number,
      totalCents: gaugeCents,
      quantity: gaugeLine.quantity,
      orderReference: gaugeLine.reference,
    });
    const pdf = await injectAs(app, customer, {
      url: `/api/orders/${gaugeLine._id}/credit-note.pdf`,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
  });
});
