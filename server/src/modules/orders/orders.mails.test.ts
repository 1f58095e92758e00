import { randomUUID } from 'node:crypto';
import { describe, expect, vi } from 'vitest';
import { ManagedOrderSchema, type Order } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { formatMailDateTime } from '../../mail/templates/layout.ts';
import { bearer, type TestAccount } from '../../testing/accounts.ts';
import { appTest, stripeAppTest } from '../../testing/app-fixtures.ts';
import { firstLink, latestOutboxMail, readOutbox } from '../../testing/mail.ts';
import { payOrder } from '../../testing/payments.ts';
import { injectAs } from '../../testing/requests.ts';
import { deliverStripeEvent, openStripeIntent } from '../../testing/stripe-webhooks.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { createTestTool } from '../../testing/factories.ts';
import { findOwnOrder, placeTestOrder } from '../../testing/orders.ts';

/** vi.waitFor's default second is short for a retried e-mail on a loaded machine. */
const patiently = { timeout: 15_000, interval: 50 };

/** The order form's request, with an Idempotency-Key when one is given. */
function shipOrder(app: App, admin: TestAccount, order: Order) {
  return injectAs(app, admin, { method: 'PATCH', url: `/api/manageOrders/${order._id}/ship` });
}

/** The outbox e-mails to `to` whose subject holds `subjectPart`. */
async function mailsAbout(app: App, to: string, subjectPart: string) {
  return (await readOutbox(app)).filter(
    (mail) => mail.headers.to === to && mail.headers.subject?.includes(subjectPart),
  );
}

const itMails = appTest({ config: UNCAPPED_ORDERS });

describe('order e-mails: placed, paid, shipped (through the outbox)', () => {
  itMails(
    'sends the order-placed e-mail: reference, line, total, pay link and hold time',
    async ({ app, customer }) => {
      // $1,350.75 each: 25 of them are $33,768.75.
      const tool = await createTestTool(app, {
        name: `Bench Grinder ${randomUUID().slice(0, 6)}`,
        priceCents: 135_075,
        minOrderQuantity: 10,
        availableQuantity: 5000,
      });
      const order = await placeTestOrder(app, customer, tool, {
        quantity: 25,
        address: '12 Forge Lane\nSheffield S1 2AB',
      });

      const mail = await latestOutboxMail(app, customer.email, order.reference);
      expect(mail.headers.subject).toBe(`Your order ${order.reference}: please pay to confirm it`);
      const payLink = `${app.config.publicUrl}/dashborad/orders/payment/${order._id}`;
      const held = formatMailDateTime(order.holdUntil ?? '');
      expect(held).toMatch(
        // As the pages write it (contract/src/dates.ts), in UTC: 'Nov 24, 2026, 12:46 AM UTC'.
        /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC$/,
      );
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain(order.reference);
        expect(part).toContain(tool.name);
        expect(part).toContain('$1,350.75');
        expect(part).toContain('$33,768.75');
        expect(part).toContain(payLink);
        expect(part).toContain(held);
      }
      expect(mail.text).toContain('Quantity: 25\n');
      expect(mail.text).toContain('Delivery address: 12 Forge Lane\n  Sheffield S1 2AB');
      expect(mail.text).toContain(`Pay now: ${payLink}`);
      expect(firstLink(mail.text)).toBe(payLink);
      expect(mail.html).toContain(`href="${payLink}"`);
      expect(mail.html).toContain('12 Forge Lane<br>Sheffield S1 2AB');
    },
  );

  itMails(
    'sends the paid e-mail once, with the total and the transaction id',
    async ({ app, customer }) => {
      const tool = await createTestTool(app, { priceCents: 1999, availableQuantity: 5000 });
      const order = await placeTestOrder(app, customer, tool, { quantity: 25 });
      const paid = await payOrder(app, customer, order);
      expect(paid.transectionId).toBeTruthy();

      const mail = await latestOutboxMail(app, customer.email, `Payment received for your order`);
      expect(mail.headers.subject).toBe(`Payment received for your order ${order.reference}`);
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain(order.reference);
        expect(part).toContain('$499.75');
        expect(part).toContain(paid.transectionId);
      }
      expect(mail.text).toContain(`Transaction id: ${paid.transectionId}`);
      expect(mail.text).toContain(`${app.config.publicUrl}/dashborad/orders`);

      // Recording the payment again changes nothing, and sends nothing.
      const again = await app.inject({
        method: 'PATCH',
        url: `/api/tool/${order._id}`,
        headers: bearer(customer.token),
        payload: { order: order._id, transectionId: paid.transectionId },
      });
      expect(again.json()).toMatchObject({ modifiedCount: 0 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(
        await mailsAbout(app, customer.email, `Payment received for your order ${order.reference}`),
      ).toHaveLength(1);
    },
  );

  itMails(
    'sends the shipped e-mail once: reference, tool, quantity and address',
    async ({ app, customer, admin }) => {
      const tool = await createTestTool(app, { priceCents: 1999, availableQuantity: 5000 });
      const order = await placeTestOrder(app, customer, tool, {
        quantity: 1200,
        address: 'Unit 4, Steel Yard, Leeds',
      });
      await payOrder(app, customer, order);
      const shipped = await shipOrder(app, admin, order);
      expect(shipped.statusCode, shipped.body).toBe(200);
      expect(ManagedOrderSchema.parse(shipped.json()).status).toBe('shipped');

      // The shipment's e-mail (issue 42), of the order's one-line checkout.
      const mail = await latestOutboxMail(app, customer.email, 'is on its way');
      expect(mail.headers.subject).toMatch(
        new RegExp(
          `^Shipment SH-\\d{5,} of your checkout ${order.checkoutReference} is on its way$`,
        ),
      );
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain(order.checkoutReference);
        expect(part).toContain(tool.name);
        expect(part).toContain('1,200');
        expect(part).toContain('Unit 4, Steel Yard, Leeds');
      }
      expect(mail.text).toContain('Quantity: 1,200');

      // A second click answers 200 unchanged, and sends no second e-mail.
      expect((await shipOrder(app, admin, order)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(
        await mailsAbout(app, customer.email, `${order.checkoutReference} is on its way`),
      ).toHaveLength(1);
    },
  );

  itMails('escapes what customers and admins typed in the HTML part', async ({ app, customer }) => {
    const tool = await createTestTool(app, {
      name: `<script>alert("tool")</script> Saw ${randomUUID().slice(0, 6)}`,
      availableQuantity: 5000,
    });
    const order = await placeTestOrder(app, customer, tool, {
      address: '<img src=x onerror="alert(1)"> & <b>Road</b>',
    });
    const mail = await latestOutboxMail(app, customer.email, order.reference);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('&#60;script&#62;alert(&#34;tool&#34;)&#60;/script&#62;');
    expect(mail.html).toContain(
      '&#60;img src=x onerror=&#34;alert(1)&#34;&#62; &#38; &#60;b&#62;Road',
    );
    // The text part is plain text: as typed.
    expect(mail.text).toContain(tool.name);
    expect(mail.text).toContain('<img src=x onerror="alert(1)"> & <b>Road</b>');
  });

  itMails(
    'sends one order-placed e-mail for a request repeated with the same Idempotency-Key',
    async ({ app, customer }) => {
      const tool = await createTestTool(app, { availableQuantity: 5000 });
      const key = randomUUID();
      const order = await placeTestOrder(app, customer, tool, {}, key);
      const [again] = await Promise.all([
        placeTestOrder(app, customer, tool, {}, key),
        placeTestOrder(app, customer, tool, {}, key),
      ]);
      expect(again?._id).toBe(order._id);
      await latestOutboxMail(app, customer.email, order.reference);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await mailsAbout(app, customer.email, order.reference)).toHaveLength(1);
    },
  );
});

const logLines: string[] = [];
const itWithFailingMailer = appTest({
  config: { ...UNCAPPED_ORDERS, logLevel: 'warn' },
  logStream: { write: (line) => void logLines.push(line) },
  // Retried within a quarter of a second, not after seconds.
  outboxTiming: { firstRetryMs: 50, maxRetryMs: 250 },
});

describe('a mailer that fails never fails the order, the payment or the shipping', () => {
  itWithFailingMailer(
    'places, pays and ships while the mailer throws or rejects; each e-mail is logged, retried and sent once it works',
    async ({ app, customer, admin }) => {
      const tool = await createTestTool(app, { availableQuantity: 5000 });
      const send = vi.spyOn(app.mailer, 'send');
      let order: Order;
      try {
        send.mockRejectedValue(new Error('SMTP server unreachable'));
        order = await placeTestOrder(app, customer, tool);
        send.mockImplementation(() => {
          throw new Error('mailer broke synchronously');
        });
        const paid = await payOrder(app, customer, order);
        expect(paid.status).toBe('paid');
        send.mockRejectedValue(new Error('SMTP server unreachable'));
        const shipped = await shipOrder(app, admin, order);
        expect(shipped.statusCode, shipped.body).toBe(200);

        expect((await findOwnOrder(app, customer, order._id))?.status).toBe('shipped');

        // Each e-mail failed, was logged by its kind and ids (no address), and is tried again.
        await vi.waitFor(() => {
          const failures = logLines
            .map(
              (line) =>
                JSON.parse(line) as {
                  msg?: string;
                  orderId?: string;
                  checkoutId?: string;
                  mail?: string;
                },
            )
            .filter(
              (entry) =>
                entry.msg?.startsWith('e-mail not sent') &&
                // The shipment's e-mail is about its checkout (issue 42).
                (entry.orderId === order._id || entry.checkoutId === order.checkoutId),
            );
          expect(new Set(failures.map((entry) => entry.mail))).toEqual(
            // The staff's e-mails of the new order and the payment too (issue 25).
            new Set([
              'order placed',
              'new order, to staff',
              'order paid',
              'order paid, to staff',
              'shipment',
            ]),
          );
          expect(failures.length).toBeGreaterThan(3);
        }, patiently);
        expect(logLines.join('\n')).not.toContain(customer.email);
      } finally {
        send.mockRestore();
      }

      // The mailer works again: each e-mail leaves, once.
      for (const subject of [
        `Your order ${order.reference}: please pay`,
        `Payment received for your order ${order.reference}`,
        `of your checkout ${order.checkoutReference} is on its way`,
      ]) {
        await vi.waitFor(async () => {
          expect(await mailsAbout(app, customer.email, subject)).toHaveLength(1);
        }, patiently);
      }
      await app.outbox.idle();
      expect(await mailsAbout(app, customer.email, order.reference)).toHaveLength(2);
      expect(await mailsAbout(app, customer.email, order.checkoutReference)).toHaveLength(1);
    },
  );
});

const itWithStripe = stripeAppTest();

describe("order e-mails: paid through Stripe's webhook", () => {
  itWithStripe(
    'sends the paid e-mail once when the webhook settles the order (delivered twice)',
    async ({ app, stripe, customer }) => {
      const tool = await createTestTool(app, { priceCents: 1999, availableQuantity: 5000 });
      const order = await placeTestOrder(app, customer, tool, { quantity: 25 });
      const { intentId } = await openStripeIntent(app, customer, order);
      const succeeded = stripe.setIntentStatus(intentId, 'succeeded');
      for (let delivery = 0; delivery < 2; delivery += 1) {
        const delivered = await deliverStripeEvent(app, 'payment_intent.succeeded', succeeded);
        expect(delivered.statusCode).toBe(200);
      }

      const mail = await latestOutboxMail(app, customer.email, 'Payment received');
      expect(mail.text).toContain(order.reference);
      expect(mail.text).toContain('$499.75');
      expect(mail.text).toContain(`Transaction id: ${intentId}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await mailsAbout(app, customer.email, 'Payment received')).toHaveLength(1);
    },
  );
});
