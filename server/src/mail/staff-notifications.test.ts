import { randomUUID } from 'node:crypto';
import { isNull } from 'drizzle-orm';
import { describe, expect, vi } from 'vitest';
import {
  formatMoney,
  orderTotal,
  routes,
  serverTexts,
  StaffNotificationsSchema,
  type Order,
} from '@tools-factory/contract';
import type { App } from '../app.ts';
import { signUpTestAccount, uniqueEmail, type TestAccount } from '../testing/accounts.ts';
import { appTest, instanceOnDatabase } from '../testing/app-fixtures.ts';
import { placeTestCheckout } from '../testing/checkouts.ts';
import { createTestTool } from '../testing/factories.ts';
import { readOutbox } from '../testing/mail.ts';
import { placeTestOrder } from '../testing/orders.ts';
import { payOrder } from '../testing/payments.ts';
import { postRefusal, requestQuote } from '../testing/quotes.ts';
import { injectAs } from '../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../testing/test-config.ts';
import { makeAdmin } from '../testing/user-admin-calls.ts';
import { outboxMessages } from './outbox.table.ts';

const words = serverTexts.mail;
const patiently = { timeout: 15_000, interval: 50 };

/** An ADMIN_EMAILS address nobody signed up with: it gets the staff e-mails all the same. */
const listedOnly = uniqueEmail('listed-only');

const it = appTest({
  config: { ...UNCAPPED_ORDERS, adminEmails: [listedOnly] },
  adminName: 'Ada Admin',
  customerName: 'Dana Buyer',
})
  /** An admin by role (Make Admin) who turned the staff e-mails on. */
  .extend('optedIn', { scope: 'file' }, async ({ app, admin }) => {
    const account = await signUpTestAccount(app, { name: 'Olga Optin' });
    expect((await makeAdmin(app, admin, account.email)).statusCode).toBe(200);
    const response = await putNotifications(app, account, { enabled: true });
    expect(response.statusCode, response.body).toBe(200);
    return account;
  })
  /** An admin by role who did not: no staff e-mail. */
  .extend('quietAdmin', { scope: 'file' }, async ({ app, admin }) => {
    const account = await signUpTestAccount(app, { name: 'Quinn Quiet' });
    expect((await makeAdmin(app, admin, account.email)).statusCode).toBe(200);
    return account;
  })
  /**
   * The e-mails with this subject, `{ to: [texts] }`, expected to be one to each of the staff
   * (ADMIN_EMAILS and the opted-in admin) and to no one else.
   */
  .extend('staffMails', ({ app, admin, optedIn }) => async (subject: string) => {
    const mails = await mailsWithSubject(app, subject);
    expect([...mails.keys()].sort()).toEqual(
      [admin.email, listedOnly, optedIn.email].map((email) => email.toLowerCase()).sort(),
    );
    for (const texts of mails.values()) expect(texts).toHaveLength(1);
    return mails;
  })
  /**
   * staffMails, and then of the copies: none to the admin who did not opt in; each of the staff
   * greeted by the account's name, an address without an account 'there'.
   */
  .extend(
    'greetedStaffMails',
    ({ admin, optedIn, quietAdmin, staffMails }) =>
      async (subject: string) => {
        const mails = await staffMails(subject);
        expect(mails.get(quietAdmin.email.toLowerCase())).toBeUndefined();
        expect(mails.get(admin.email.toLowerCase())?.[0]).toMatch(/^Hello Ada Admin,/);
        expect(mails.get(optedIn.email.toLowerCase())?.[0]).toMatch(/^Hello Olga Optin,/);
        expect(mails.get(listedOnly)?.[0]).toMatch(/^Hello there,/);
        return mails;
      },
  );

function putNotifications(app: App, account: TestAccount, payload: unknown) {
  return injectAs(app, account, {
    method: 'PUT',
    url: '/api/manageNotifications',
    payload: payload as object,
  });
}

/** Every delivered e-mail whose subject is `subject`, as `{ to: [texts] }`. */
async function mailsWithSubject(app: App, subject: string): Promise<Map<string, string[]>> {
  const byRecipient = new Map<string, string[]>();
  for (const mail of await readOutbox(app)) {
    if (mail.headers.subject !== subject) continue;
    const to = (mail.headers.to ?? '').toLowerCase();
    byRecipient.set(to, [...(byRecipient.get(to) ?? []), mail.text ?? '']);
  }
  return byRecipient;
}

/** The text of the one e-mail with this subject, expected to go to `account` only. */
async function onlyMailTo(app: App, subject: string, account: { email: string }): Promise<string> {
  const mails = await mailsWithSubject(app, subject);
  const to = account.email.toLowerCase();
  expect([...mails.keys()]).toEqual([to]);
  expect(mails.get(to)).toHaveLength(1);
  return mails.get(to)?.[0] ?? '';
}

const totalOf = (order: Order) => formatMoney(orderTotal(order.price, order.quantity));

describe('staff e-mails: to ADMIN_EMAILS and the admins who turned them on, once per event', () => {
  it('a new order: one e-mail to each ADMIN_EMAILS address and opted-in admin, greeting each by name; none to other admins', async ({
    app,
    customer,
    admin,
    greetedStaffMails,
  }) => {
    const tool = await createTestTool(app, { name: `Vice ${randomUUID().slice(0, 8)}` });
    // Placed twice with one Idempotency-Key (a retried request): one order, one e-mail each.
    const key = randomUUID();
    const order = await placeTestOrder(app, customer, tool, { quantity: 12 }, key);
    const again = await placeTestOrder(app, customer, tool, { quantity: 12 }, key);
    expect(again._id).toBe(order._id);

    const mails = await greetedStaffMails(
      words.newOrderForStaff.subject(order.reference, totalOf(order)),
    );
    const text = mails.get(admin.email.toLowerCase())?.[0] ?? '';
    for (const part of [order.reference, tool.name, customer.email, totalOf(order)]) {
      expect(text).toContain(part);
    }
    expect(text).toContain(`/dashborad/allorders/${order._id}`);
    // Why an admin gets it, and the page where it is switched off.
    expect(text).toContain(
      `${words.staff.whyYouGetThis}\n${words.staff.profilePage}: ${app.config.publicUrl}${routes.dashboardMyProfile}`,
    );
    // Dates as the pages write them: 'Nov 24, 2026, 12:46 AM UTC'.
    expect(text).toMatch(/Placed: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC/);

    // The customer's own e-mail greets them by their account's name.
    const placed = await mailsWithSubject(app, words.orderPlaced.subject(order.reference));
    expect(placed.get(customer.email.toLowerCase())).toHaveLength(1);
    expect(placed.get(customer.email.toLowerCase())?.[0]).toMatch(/^Hello Dana Buyer,/);
  });

  it('a checkout of several lines: one e-mail to each of the staff, greeting each by name', async ({
    app,
    customer,
    greetedStaffMails,
  }) => {
    const suffix = randomUUID().slice(0, 8);
    const rasp = await createTestTool(app, { name: `Rasp ${suffix}` });
    const file = await createTestTool(app, { name: `File ${suffix}` });
    const checkout = await placeTestCheckout(app, customer, [
      { tool: rasp, quantity: 12 },
      { tool: file, quantity: 15 },
    ]);
    const total = formatMoney(
      orderTotal(rasp.priceCents / 100, 12) + orderTotal(file.priceCents / 100, 15),
    );
    const staff = await greetedStaffMails(
      words.checkout.newForStaff.subject(checkout.reference, total),
    );
    const placed = await mailsWithSubject(app, words.checkout.placed.subject(checkout.reference));
    const buyers = placed.get(customer.email.toLowerCase())?.[0] ?? '';
    expect(buyers).toMatch(/^Hello Dana Buyer,/);
    // Each is spoken to as who they are: the staff did not order the lines, the buyer did.
    expect(buyers).toContain(`${words.checkout.lines.caption}:`);
    for (const [, [text = ''] = []] of staff) {
      expect(text).toContain(`${words.checkout.lines.staffCaption}:`);
      expect(text).not.toContain(words.checkout.lines.caption);
    }
  });

  it('a payment: one e-mail to each of the staff; recording the payment again sends none', async ({
    app,
    customer,
    admin,
    staffMails,
  }) => {
    const tool = await createTestTool(app);
    const order = await placeTestOrder(app, customer, tool, { quantity: 12 });
    const paid = await payOrder(app, customer, order);
    // The browser records the payment again (a retry): answered, nothing new written.
    const retry = await injectAs(app, customer, {
      method: 'PATCH',
      url: `/api/tool/${order._id}`,
      payload: { order: order._id, transectionId: paid.transectionId },
    });
    expect(retry.statusCode).toBeLessThan(500);

    const mails = await staffMails(
      words.orderPaidForStaff.subject(order.reference, totalOf(order)),
    );
    expect(mails.get(admin.email.toLowerCase())?.[0]).toContain('INV-');
  });

  it('a quote request: the customer is acknowledged, the staff told; a decline tells the customer once', async ({
    app,
    customer,
    admin,
    staffMails,
    quietAdmin,
  }) => {
    const tool = await createTestTool(app, { minOrderQuantity: 10 });
    const quote = await requestQuote(app, customer, tool.id, {
      quantity: 400,
      neededBy: '2099-06-30',
    });

    const ack = await onlyMailTo(app, words.quoteRequested.subject(quote.reference), customer);
    expect(ack).toMatch(/^Hello Dana Buyer,/);
    // The day as the pages write it.
    expect(ack).toContain('Needed by: Jun 30, 2099');

    const toStaff = await staffMails(
      words.quoteRequestedForStaff.subject(quote.reference, quote.name),
    );
    expect(toStaff.get(quietAdmin.email.toLowerCase())).toBeUndefined();

    const reason = 'We no longer make this size.';
    expect((await postRefusal(app, admin, quote._id, reason)).statusCode).toBe(200);
    // Declined again (a double click): refused, and no second e-mail.
    expect((await postRefusal(app, admin, quote._id, reason)).statusCode).toBe(409);
    expect(await onlyMailTo(app, words.quoteDeclined.subject(quote.reference), customer)).toContain(
      reason,
    );
  });

  it("an admin removing a customer's unpaid order tells the customer once; the customer removing their own hears nothing", async ({
    app,
    customer,
    admin,
  }) => {
    const tool = await createTestTool(app);
    const byAdmin = await placeTestOrder(app, customer, tool, { quantity: 12 });
    const byOwner = await placeTestOrder(app, customer, tool, { quantity: 12 });
    const remove = (account: TestAccount, order: Order) =>
      injectAs(app, account, { method: 'DELETE', url: `/api/deleteOrder/${order._id}` });
    expect((await remove(admin, byAdmin)).statusCode).toBe(200);
    expect((await remove(admin, byAdmin)).statusCode).toBe(404);
    expect((await remove(customer, byOwner)).statusCode).toBe(200);

    expect(await onlyMailTo(app, words.orderRemoved.subject(byAdmin.reference), customer)).toMatch(
      /^Hello Dana Buyer,/,
    );
    expect(await mailsWithSubject(app, words.orderRemoved.subject(byOwner.reference))).toEqual(
      new Map(),
    );
  });

  it("an admin releasing an account's stock holds tells the customer of each order removed, once", async ({
    app,
    admin,
  }) => {
    const holder = await signUpTestAccount(app, { name: 'Hana Holder' });
    const tool = await createTestTool(app);
    const first = await placeTestOrder(app, holder, tool, { quantity: 12 });
    const second = await placeTestOrder(app, holder, tool, { quantity: 13 });
    const release = () =>
      injectAs(app, admin, {
        method: 'POST',
        url: `/api/manageHolds/${encodeURIComponent(holder.userId)}/release`,
      });
    expect((await release()).statusCode).toBe(200);
    // Released again: nothing left to remove, nothing sent.
    expect((await release()).statusCode).toBe(200);
    for (const order of [first, second]) {
      expect(await onlyMailTo(app, words.orderRemoved.subject(order.reference), holder)).toMatch(
        /^Hello Hana Holder,/,
      );
    }
  });

  it('low stock goes to the staff too, each once', async ({ app, customer, staffMails }) => {
    const tool = await createTestTool(app, { availableQuantity: 40, lowStockThreshold: 30 });
    await placeTestOrder(app, customer, tool, { quantity: 20 });
    await staffMails(words.lowStock.subject(tool.name));
  });

  it('GET and PUT /api/manageNotifications: each admin turns their own on and off; bad input is 400 in words', async ({
    app,
    admin,
    quietAdmin,
  }) => {
    const read = async (account: TestAccount) => {
      const response = await injectAs(app, account, { url: '/api/manageNotifications' });
      expect(response.statusCode, response.body).toBe(200);
      return StaffNotificationsSchema.parse(response.json());
    };
    // The ADMIN_EMAILS owner gets them whatever the switch says.
    expect(await read(admin)).toEqual({ enabled: false, listed: true });
    expect(await read(quietAdmin)).toEqual({ enabled: false, listed: false });

    const on = await putNotifications(app, quietAdmin, { enabled: true });
    expect(StaffNotificationsSchema.parse(on.json())).toEqual({ enabled: true, listed: false });
    expect(await read(quietAdmin)).toEqual({ enabled: true, listed: false });
    expect(await read(admin)).toEqual({ enabled: false, listed: true });
    const off = await putNotifications(app, quietAdmin, { enabled: false });
    expect(StaffNotificationsSchema.parse(off.json())).toEqual({ enabled: false, listed: false });

    for (const payload of [{}, { enabled: 'yes' }, { enabled: true, other: 1 }]) {
      const response = await putNotifications(app, quietAdmin, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect((response.json() as { message: string }).message).toMatch(/\w+ \w+/);
    }
    expect(await read(quietAdmin)).toEqual({ enabled: false, listed: false });
  });
});

/** Three instances on one database, each with its worker delivering from the same table. */
const threeAppsTest = appTest()
  .extend('app', { scope: 'file' }, instanceOnDatabase())
  .extend('second', { scope: 'file' }, instanceOnDatabase())
  .extend('third', { scope: 'file' }, instanceOnDatabase());

describe('staff e-mails with three instances on one database', () => {
  threeAppsTest(
    'each order placed on any instance is one e-mail to the admin, delivered once across the three',
    async ({ app, second, third, customer, adminEmail }) => {
      const instances = [app, second, third];
      const tool = await createTestTool(app, { availableQuantity: 5000 });
      // Two orders through each instance at once.
      const orders = await Promise.all(
        [...instances, ...instances].map((instance) =>
          placeTestOrder(instance, customer, tool, { quantity: 12 }),
        ),
      );
      // Every message sent, by whichever instance took it.
      await vi.waitFor(async () => {
        const unsent = await app.database.db
          .select({ id: outboxMessages.id })
          .from(outboxMessages)
          .where(isNull(outboxMessages.sentAt));
        expect(unsent).toEqual([]);
      }, patiently);

      const delivered = (
        await Promise.all(instances.map((instance) => readOutbox(instance)))
      ).flat();
      for (const order of orders) {
        const subject = words.newOrderForStaff.subject(order.reference, totalOf(order));
        const copies = delivered.filter((mail) => mail.headers.subject === subject);
        expect(copies.map((mail) => mail.headers.to?.toLowerCase())).toEqual([
          adminEmail.toLowerCase(),
        ]);
      }
    },
  );
});
