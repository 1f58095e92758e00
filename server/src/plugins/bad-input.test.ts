import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ErrorBodySchema,
  PlaceOrderResponseSchema,
  serverTexts,
  texts,
} from '@tools-factory/contract';
import { orders } from '../modules/orders/orders.table.ts';
import { tools } from '../modules/tools/tools.table.ts';
import { users } from '../modules/identity/identity.table.ts';
import { bearer, identityHeaders, uniqueEmail } from '../testing/accounts.ts';
import { orderFields } from '../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../testing/test-config.ts';
import { useTestAccount, useTestAdmin, useTestApp, useTestTool } from '../testing/use-test-app.ts';
import { MAX_JSON_DEPTH } from './json-body.ts';

const fieldErrors = texts.fieldErrors;
const QUANTITY_OUT_OF_RANGE = texts.purchase.quantityOutOfRange;

/** A body nested 45,000 arrays deep: parses, then overflows the stack of any recursive walk. */
const DEEP_ARRAY = `${'['.repeat(45_000)}${']'.repeat(45_000)}`;

/**
 * Bad input through HTTP on the whole app (DESIGN.md section 3): each case answers 400 with its
 * message, nothing is stored, and the log never holds what a customer typed.
 */
describe('bad input is a 400, never a 500', () => {
  const logLines: string[] = [];
  const adminEmail = uniqueEmail('admin');
  const app = useTestApp({
    config: { ...UNCAPPED_ORDERS, adminEmails: [adminEmail], logLevel: 'error' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  const customer = useTestAccount(app);
  const admin = useTestAdmin(app, { email: adminEmail });
  const tool = useTestTool(app, { minOrderQuantity: 10, availableQuantity: 500 });

  async function rowCounts() {
    const { db } = app.database;
    return {
      orders: await db.$count(orders),
      tools: await db.$count(tools),
      users: await db.$count(users),
      available: (await db.select({ available: tools.availableQuantity }).from(tools)).map(
        (row) => row.available,
      ),
    };
  }

  /** The order form's fields, a phone included. */
  const orderBody = (overrides: Record<string, unknown> = {}) =>
    orderFields(customer, tool, { phone: '+44 114 496 0000', ...overrides });

  /** POST /api/order as the customer: an object, or JSON text as it is (1e999, deep nesting). */
  function postOrder(payload: Record<string, unknown> | string) {
    return app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...bearer(customer.token), 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  }

  /** Sends a request, and checks it answers 400 with `message` and changes no row. */
  async function expectRefused(
    send: () => Promise<{ statusCode: number; json(): unknown }>,
    message: string,
  ): Promise<void> {
    const before = await rowCounts();
    const response = await send();
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json())).toEqual({ message, statusCode: 400 });
    expect(await rowCounts()).toEqual(before);
  }

  describe('POST /api/order', () => {
    it.each([
      ['1e20', 1e20, fieldErrors.priceTooHigh('price', '$1,000,000')],
      ['1,000,000', 1_000_000, fieldErrors.priceTooHigh('price', '$1,000,000')],
      ['0.001', 0.001, fieldErrors.tooManyDecimals('price')],
      ['negative', -19.99, fieldErrors.notPositive('price')],
      ['zero', 0, fieldErrors.notPositive('price')],
      ['a text', 'Infinity', fieldErrors.notANumber('price')],
    ])('refuses the price %s', async (_case, price, message) => {
      await expectRefused(() => postOrder(orderBody({ price })), message);
    });

    it('refuses a price that JSON reads as infinity (1e999)', async () => {
      const text = JSON.stringify(orderBody({ price: 0 })).replace('"price":0', '"price":1e999');
      await expectRefused(() => postOrder(text), fieldErrors.notANumber('price'));
    });

    it.each([
      ['"0x65"', '0x65', fieldErrors.digitsOnly('quantity')],
      ['"1.01e2"', '1.01e2', fieldErrors.digitsOnly('quantity')],
      ['"1e3"', '1e3', fieldErrors.digitsOnly('quantity')],
      ['[101]', [101], fieldErrors.notANumber('quantity')],
      ['1.5', 1.5, fieldErrors.notWhole('quantity')],
      ['-1', -1, QUANTITY_OUT_OF_RANGE],
    ])('refuses the quantity %s', async (_case, quantity, message) => {
      await expectRefused(() => postOrder(orderBody({ quantity })), message);
    });

    it.each([
      ['"101"', '101'],
      ['101', 101],
    ])('accepts the quantity %s as 101', async (_case, quantity) => {
      const response = await postOrder(orderBody({ quantity }));
      expect(response.statusCode).toBe(200);
      expect(PlaceOrderResponseSchema.parse(response.json()).order.quantity).toBe(101);
    });

    it.each([
      ['address', { address: '12 Forge\u0000Lane' }],
      ['phone', { phone: '+44 114\u0000496 0000' }],
      // The tool named instead of given by id: the name is looked up in the database.
      ['name', { toolId: undefined, name: 'Claw\u0000Hammer' }],
    ])('refuses a NUL character in the %s', async (field, overrides) => {
      await expectRefused(() => postOrder(orderBody(overrides)), fieldErrors.nulCharacter(field));
    });

    it('says which limit a long address exceeded', async () => {
      await expectRefused(
        () => postOrder(orderBody({ address: 'a'.repeat(600) })),
        'address must be at most 500 characters',
      );
    });

    it('refuses a body nested deeper than the bound', async () => {
      await expectRefused(
        () => postOrder(DEEP_ARRAY),
        serverTexts.requestErrors.nestedTooDeeply(32),
      );
      const justInside = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
      const response = await postOrder(justInside);
      // Deep enough to parse, and then simply not an order.
      expect(response.statusCode).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).message).not.toBe(
        serverTexts.requestErrors.nestedTooDeeply(MAX_JSON_DEPTH),
      );
    });
  });

  describe('e-mails in paths and queries', () => {
    it('refuses a NUL character in GET /api/admin/{email}, even from an admin', async () => {
      for (const caller of [admin, customer]) {
        await expectRefused(
          () =>
            app.inject({
              url: `/api/admin/${encodeURIComponent(`${customer.email}\u0000`)}`,
              headers: bearer(caller.token),
            }),
          fieldErrors.nulCharacter('email'),
        );
      }
    });

    it('refuses a NUL character in GET /api/orders?email=', async () => {
      await expectRefused(
        () =>
          app.inject({
            url: `/api/orders?email=${encodeURIComponent(`${customer.email}\u0000`)}`,
            headers: bearer(customer.token),
          }),
        fieldErrors.nulCharacter('email'),
      );
    });
  });

  describe('the identity endpoints (/api/auth)', () => {
    function postAuth(path: string, payload: Record<string, unknown> | string) {
      return app.inject({
        method: 'POST',
        url: `/api/auth${path}`,
        headers: { ...identityHeaders(app), 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    }

    it('refuses a sign-in body nested 45,000 deep, at the top or in a field', async () => {
      const tooDeep = serverTexts.requestErrors.nestedTooDeeply(MAX_JSON_DEPTH);
      const inAField = `{"email":"${customer.email}","password":"secret1","rememberMe":${DEEP_ARRAY}}`;
      await expectRefused(() => postAuth('/sign-in/email', inAField), tooDeep);
      await expectRefused(() => postAuth('/sign-in/email', DEEP_ARRAY), tooDeep);
    });

    it('refuses a NUL character in a sign-in e-mail before the database sees it', async () => {
      await expectRefused(
        () => postAuth('/sign-in/email', { email: `${customer.email}\u0000`, password: 'secret1' }),
        fieldErrors.nulCharacter('email'),
      );
    });

    it.each([
      ['name', { email: 'nul-name@example.com', name: 'N\u0000ul' }],
      ['email', { email: 'nul\u0000sign-up@example.com', name: 'Nul' }],
    ])('refuses a NUL character in a sign-up %s, and creates no account', async (field, body) => {
      await expectRefused(
        () => postAuth('/sign-up/email', { ...body, password: 'secret1' }),
        fieldErrors.nulCharacter(field),
      );
    });
  });

  describe('the log', () => {
    it('holds no customer data when a query fails', async () => {
      // A rule the database enforces and the app does not know: the insert fails in PostgreSQL
      // with the bound values in Drizzle's error and the failing row in PostgreSQL's detail.
      await app.database.db.execute(
        sql`alter table orders add constraint test_short_address check (length(address) < 20) not valid`,
      );
      const address = 'Apartment 42, Zebra Quay Secretstreet';
      const phone = '+44 7700 900417';
      const response = await postOrder(orderBody({ address, phone }));
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Internal Server Error', statusCode: 500 });

      const log = logLines.join('');
      expect(log).toContain('request failed');
      // Enough to find the fault: the kind of error and PostgreSQL's code (check_violation).
      expect(log).toContain('23514');
      expect(log).toContain('test_short_address');
      for (const secret of [address, 'Secretstreet', phone, customer.email, 'params:']) {
        expect(log).not.toContain(secret);
      }
    });

    it('holds no customer data when a query inside the identity service fails', async () => {
      await app.database.db.execute(
        sql`alter table users add constraint test_short_name check (length(name) < 20) not valid`,
      );
      const name = 'Quentin Zebraquay Secretname';
      const email = 'quentin.secretmail@example.com';
      const signUp = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: app.config.publicUrl },
        payload: { name, email, password: 'anvil-ledger-42' },
      });
      expect(signUp.statusCode).toBeGreaterThanOrEqual(400);
      expect(signUp.statusCode).not.toBe(200);

      const log = logLines.join('');
      // Better Auth's own line comes through the app's logger, not its console.
      expect(log).toContain('identity: ');
      expect(log).toContain('test_short_name');
      for (const secret of [name, 'Secretname', email, 'secretmail', 'params:']) {
        expect(log).not.toContain(secret);
      }
    });
  });
});
