import { describe, expect, it } from 'vitest';
import { CreateToolResponseSchema, type Order } from '@tools-factory/contract';
import { signUpTestAccount, uniqueEmail } from '../testing/accounts.ts';
import { payOrder } from '../testing/payments.ts';
import { injectAs, postOrder } from '../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../testing/test-config.ts';
import { useTestAccount, useTestAdmin, useTestApp } from '../testing/use-test-app.ts';
import { redactAddresses } from './log-redaction.ts';
import { placeTestOrder } from '../testing/orders.ts';

type LogLine = Record<string, unknown> & { msg?: string };

/**
 * The logs hold no e-mail address (issue 22 item 16): a whole run of orders, payments and admin
 * actions, with the e-mails they send, leaves none in the log; every admin action and every 429
 * is a line with the account id and the client's address.
 */
describe('the log: admin actions and 429s by account id and address, and no e-mail address', () => {
  const adminEmail = uniqueEmail('audit-admin');
  const logLines: string[] = [];
  const app = useTestApp({
    config: {
      ...UNCAPPED_ORDERS,
      // Two orders a minute per account: the third is a 429.
      orderRateLimit: 2,
      adminEmails: [adminEmail],
      logLevel: 'info',
    },
    logStream: { write: (line) => void logLines.push(line) },
  });
  const customer = useTestAccount(app, { name: 'Carla Audit' });
  const admin = useTestAdmin(app, { email: adminEmail, name: 'Ada Audit' });

  const parsed = (): LogLine[] => logLines.map((line) => JSON.parse(line) as LogLine);
  const adminLines = (action: string) =>
    parsed().filter((line) => line.event === 'admin.action' && line.action === action);

  it('an order, its payment, the admin actions and a 429 leave no e-mail address in the log', async () => {
    // Add Product, by the admin.
    const added = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/tool',
      payload: {
        name: 'Audit Anvil',
        desc: 'A forged anvil for the audit of the log. Sold one by one.',
        img: '/images/tools/claw-hammer.svg',
        price: 12.5,
        minOrderQuantity: 20,
        availableQuantity: 600,
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const toolId = CreateToolResponseSchema.parse(added.json()).insertedId;
    const tool = { id: toolId, name: 'Audit Anvil' };

    // An order, paid and shipped; another, removed by the admin.
    const paid: Order = await payOrder(
      app,
      customer,
      await placeTestOrder(app, customer, tool, { quantity: 25 }),
    );
    const ship = await injectAs(app, admin, {
      method: 'PATCH',
      url: `/api/manageOrders/${paid._id}/ship`,
    });
    expect(ship.statusCode, ship.body).toBe(200);
    const unpaid = await placeTestOrder(app, customer, tool, { quantity: 25 });
    const removeOrder = await injectAs(app, admin, {
      method: 'DELETE',
      url: `/api/deleteOrder/${unpaid._id}`,
    });
    expect(removeOrder.json()).toEqual({ deletedCount: 1 });

    // A third order within the minute: 429.
    const refused = await postOrder(app, customer, tool, { quantity: 25 });
    expect(refused.statusCode).toBe(429);

    // Make Admin, Remove Admin, Remove User.
    const other = await signUpTestAccount(app, { email: uniqueEmail('audit-other') });
    const path = `/api/user/admin/${encodeURIComponent(other.email)}`;
    expect((await injectAs(app, admin, { method: 'PUT', url: path })).statusCode).toBe(200);
    expect((await injectAs(app, admin, { method: 'DELETE', url: path })).statusCode).toBe(200);
    const removeUser = await injectAs(app, admin, {
      method: 'DELETE',
      url: `/api/user/${encodeURIComponent(other.email)}`,
    });
    expect(removeUser.json()).toEqual({ deletedCount: 1 });

    // Remove the tool; a sign-up again with a taken address (Better Auth logs that one).
    const removeTool = await injectAs(app, admin, {
      method: 'DELETE',
      url: `/api/deleteTols/${toolId}`,
    });
    expect(removeTool.json()).toEqual({ deletedCount: 1 });
    await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: app.config.publicUrl },
      payload: { email: customer.email, password: 'an0ther-Secret!', name: 'Again' },
    });
    // The e-mails the run sent (order placed, paid, shipped) have been written and logged.
    await app.outbox.idle();

    const log = logLines.join('');
    expect(log).toContain('e-mail written to the outbox');
    for (const email of [customer.email, admin.email, other.email]) {
      expect(log.toLowerCase()).not.toContain(email.toLowerCase());
      expect(log).not.toContain(email.split('@')[0]);
    }
    expect(log).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.-]+/);

    // Each admin action: one line with the admin's account id, the client and what it acted on.
    const expected: [string, string][] = [
      ['tool.add', toolId],
      ['order.ship', paid._id],
      ['order.remove', unpaid._id],
      ['user.promote', other.userId],
      ['user.demote', other.userId],
      ['user.remove', other.userId],
      ['tool.remove', toolId],
    ];
    for (const [action, subjectId] of expected) {
      expect(adminLines(action), action).toEqual([
        expect.objectContaining({
          level: 30,
          event: 'admin.action',
          action,
          subjectId,
          accountId: admin.userId,
          client: '127.0.0.1',
        }),
      ]);
    }
    // The 429: the account and the client, the route as declared.
    expect(parsed().filter((line) => line.event === 'rate-limited')).toEqual([
      expect.objectContaining({
        level: 40,
        route: '/api/order',
        method: 'POST',
        accountId: customer.userId,
        client: '127.0.0.1',
      }),
    ]);
    // A customer removing their own order is no admin action.
    expect(adminLines('order.remove')).toHaveLength(1);
  });
});

describe('redactAddresses', () => {
  it('replaces every e-mail address in a text, and nothing else', () => {
    expect(redactAddresses('Sign-up attempt for existing email: dan@acme-tools.com')).toBe(
      'Sign-up attempt for existing email: <e-mail>',
    );
    expect(redactAddresses('550 <Orders@Shop24.de>: Recipient address rejected')).toBe(
      '550 <<e-mail>>: Recipient address rejected',
    );
    expect(redactAddresses('order 12 placed at 10:30 for $12.50')).toBe(
      'order 12 placed at 10:30 for $12.50',
    );
  });
});
