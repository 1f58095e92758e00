import { describe, expect, it } from 'vitest';
import type { Order } from '@tools-factory/contract';
import { signUpTestAccount, uniqueEmail } from '../testing/accounts.ts';
import { payOrder } from '../testing/payments.ts';
import { injectAs, postOrder } from '../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../testing/test-config.ts';
import { appTest } from '../testing/app-fixtures.ts';
import { addProduct, deleteTool } from '../testing/catalog-calls.ts';
import { demoteAdmin, makeAdmin, removeUser } from '../testing/user-admin-calls.ts';
import { redactAddresses } from './log-redaction.ts';
import { placeTestOrder } from '../testing/orders.ts';

type LogLine = Record<string, unknown> & { msg?: string };

const logLines: string[] = [];
const test = appTest({
  config: {
    ...UNCAPPED_ORDERS,
    // Two orders a minute per account: the third is a 429.
    orderRateLimit: 2,
    logLevel: 'info',
  },
  logStream: { write: (line) => void logLines.push(line) },
  customerName: 'Carla Audit',
  adminName: 'Ada Audit',
});

/**
 * The logs hold no e-mail address (issue 22 item 16): a whole run of orders, payments and admin
 * actions, with the e-mails they send, leaves none in the log; every admin action and every 429
 * is a line with the account id and the client's address.
 */
describe('the log: admin actions and 429s by account id and address, and no e-mail address', () => {
  const parsed = (): LogLine[] => logLines.map((line) => JSON.parse(line) as LogLine);
  const adminLines = (action: string) =>
    parsed().filter((line) => line.event === 'admin.action' && line.action === action);

  test('an order, its payment, the admin actions and a 429 leave no e-mail address in the log', async ({
    app,
    customer,
    admin,
  }) => {
    // Add Product, by the admin.
    const added = await addProduct(app, admin, {
      name: 'Audit Anvil',
      desc: 'A forged anvil for the audit of the log. Sold one by one.',
    });
    const toolId = added._id;
    const tool = { id: toolId, name: added.name };

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
    expect((await makeAdmin(app, admin, other.email)).statusCode).toBe(200);
    expect((await demoteAdmin(app, admin, other.email)).statusCode).toBe(200);
    expect((await removeUser(app, admin, other.email)).json()).toEqual({ deletedCount: 1 });

    // Remove the tool; a sign-up again with a taken address (Better Auth logs that one).
    expect((await deleteTool(app, admin, toolId)).json()).toEqual({ deletedCount: 1 });
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
