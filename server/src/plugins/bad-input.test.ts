import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  ErrorBodySchema,
  PlaceOrderResponseSchema,
  serverTexts,
  texts,
} from '@tools-factory/contract';
import { orders } from '../modules/orders/orders.table.ts';
import { tools } from '../modules/tools/tools.table.ts';
import { users } from '../modules/identity/identity.table.ts';
import { bearer, identityHeaders } from '../testing/accounts.ts';
import { orderFields } from '../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../testing/test-config.ts';
import type { App } from '../app.ts';
import type { TestAccount } from '../testing/accounts.ts';
import { appTest } from '../testing/app-fixtures.ts';
import { MAX_JSON_DEPTH } from './json-body.ts';

const fieldErrors = texts.fieldErrors;
const QUANTITY_OUT_OF_RANGE = texts.purchase.quantityOutOfRange;

/** A body nested 45,000 arrays deep: parses, then overflows the stack of any recursive walk. */
const DEEP_ARRAY = `${'['.repeat(45_000)}${']'.repeat(45_000)}`;

const logLines: string[] = [];
const it = appTest({
  config: { ...UNCAPPED_ORDERS, logLevel: 'error' },
  logStream: { write: (line) => void logLines.push(line) },
  tool: { minOrderQuantity: 10, availableQuantity: 500 },
});

/**
 * Bad input through HTTP on the whole app (docs/architecture.md#the-api): each case answers 400
 * with its message, nothing is stored, and the log never holds what a customer typed.
 */
describe('bad input is a 400, never a 500', () => {
  async function rowCounts(app: App) {
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
  const orderBody = (
    customer: TestAccount,
    tool: { id: string; name: string },
    overrides: Record<string, unknown> = {},
  ) => orderFields(customer, tool, { phone: '+44 114 496 0000', ...overrides });

  /** POST /api/order as the customer: an object, or JSON text as it is (1e999, deep nesting). */
  function postOrder(app: App, customer: TestAccount, payload: Record<string, unknown> | string) {
    return app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...bearer(customer.token), 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  }

  /** Sends a request, and checks it answers 400 with `message` and changes no row. */
  async function expectRefused(
    app: App,
    send: () => Promise<{ statusCode: number; json(): unknown }>,
    message: string,
  ): Promise<void> {
    const before = await rowCounts(app);
    const response = await send();
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json())).toEqual({ message, statusCode: 400 });
    expect(await rowCounts(app)).toEqual(before);
  }

  describe('POST /api/order', () => {
    it.for([
      ['1e20', 1e20, fieldErrors.priceTooHigh('price', '$1,000,000')],
      ['1,000,000', 1_000_000, fieldErrors.priceTooHigh('price', '$1,000,000')],
      ['0.001', 0.001, fieldErrors.tooManyDecimals('price')],
      ['negative', -19.99, fieldErrors.notPositive('price')],
      ['zero', 0, fieldErrors.notPositive('price')],
      ['a text', 'Infinity', fieldErrors.notANumber('price')],
    ] as const)(
      'refuses the price %s',
      async ([_case, price, message], { app, customer, tool }) => {
        await expectRefused(
          app,
          () => postOrder(app, customer, orderBody(customer, tool, { price })),
          message,
        );
      },
    );

    it('refuses a price that JSON reads as infinity (1e999)', async ({ app, customer, tool }) => {
      const text = JSON.stringify(orderBody(customer, tool, { price: 0 })).replace(
        '"price":0',
        '"price":1e999',
      );
      await expectRefused(
        app,
        () => postOrder(app, customer, text),
        fieldErrors.notANumber('price'),
      );
    });

    it.for([
      ['"0x65"', '0x65', fieldErrors.digitsOnly('quantity')],
      ['"1.01e2"', '1.01e2', fieldErrors.digitsOnly('quantity')],
      ['"1e3"', '1e3', fieldErrors.digitsOnly('quantity')],
      ['[101]', [101], fieldErrors.notANumber('quantity')],
      ['1.5', 1.5, fieldErrors.notWhole('quantity')],
      ['-1', -1, QUANTITY_OUT_OF_RANGE],
    ] as const)(
      'refuses the quantity %s',
      async ([_case, quantity, message], { app, customer, tool }) => {
        await expectRefused(
          app,
          () => postOrder(app, customer, orderBody(customer, tool, { quantity })),
          message,
        );
      },
    );

    it.for([
      ['"101"', '101'],
      ['101', 101],
    ] as const)(
      'accepts the quantity %s as 101',
      async ([_case, quantity], { app, customer, tool }) => {
        const response = await postOrder(app, customer, orderBody(customer, tool, { quantity }));
        expect(response.statusCode).toBe(200);
        expect(PlaceOrderResponseSchema.parse(response.json()).order.quantity).toBe(101);
      },
    );

    it.for([
      ['address', { address: '12 Forge\u0000Lane' }],
      ['phone', { phone: '+44 114\u0000496 0000' }],
      // The tool named instead of given by id: the name is looked up in the database.
      ['name', { toolId: undefined, name: 'Claw\u0000Hammer' }],
    ] as const)(
      'refuses a NUL character in the %s',
      async ([field, overrides], { app, customer, tool }) => {
        await expectRefused(
          app,
          () => postOrder(app, customer, orderBody(customer, tool, overrides)),
          fieldErrors.nulCharacter(field),
        );
      },
    );

    it('says which limit a long address exceeded', async ({ app, customer, tool }) => {
      await expectRefused(
        app,
        () => postOrder(app, customer, orderBody(customer, tool, { address: 'a'.repeat(600) })),
        'address must be at most 500 characters',
      );
    });

    it('refuses a body nested deeper than the bound', async ({ app, customer }) => {
      await expectRefused(
        app,
        () => postOrder(app, customer, DEEP_ARRAY),
        serverTexts.requestErrors.nestedTooDeeply(32),
      );
      const justInside = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
      const response = await postOrder(app, customer, justInside);
      // Deep enough to parse, and then simply not an order.
      expect(response.statusCode).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).message).not.toBe(
        serverTexts.requestErrors.nestedTooDeeply(MAX_JSON_DEPTH),
      );
    });
  });

  describe('e-mails in paths and queries', () => {
    it('refuses a NUL character in GET /api/admin/{email}, even from an admin', async ({
      app,
      customer,
      admin,
    }) => {
      for (const caller of [admin, customer]) {
        await expectRefused(
          app,
          () =>
            app.inject({
              url: `/api/admin/${encodeURIComponent(`${customer.email}\u0000`)}`,
              headers: bearer(caller.token),
            }),
          fieldErrors.nulCharacter('email'),
        );
      }
    });

    it('refuses a NUL character in GET /api/orders?email=', async ({ app, customer }) => {
      await expectRefused(
        app,
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
    function postAuth(app: App, path: string, payload: Record<string, unknown> | string) {
      return app.inject({
        method: 'POST',
        url: `/api/auth${path}`,
        headers: { ...identityHeaders(app), 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    }

    it('refuses a sign-in body nested 45,000 deep, at the top or in a field', async ({
      app,
      customer,
    }) => {
      const tooDeep = serverTexts.requestErrors.nestedTooDeeply(MAX_JSON_DEPTH);
      const inAField = `{"email":"${customer.email}","password":"secret1","rememberMe":${DEEP_ARRAY}}`;
      await expectRefused(app, () => postAuth(app, '/sign-in/email', inAField), tooDeep);
      await expectRefused(app, () => postAuth(app, '/sign-in/email', DEEP_ARRAY), tooDeep);
    });

    it('refuses a NUL character in a sign-in e-mail before the database sees it', async ({
      app,
      customer,
    }) => {
      await expectRefused(
        app,
        () =>
          postAuth(app, '/sign-in/email', {
            email: `${customer.email}\u0000`,
            password: 'secret1',
          }),
        fieldErrors.nulCharacter('email'),
      );
    });

    it.for([
      ['name', { email: 'nul-name@example.com', name: 'N\u0000ul' }],
      ['email', { email: 'nul\u0000sign-up@example.com', name: 'Nul' }],
    ] as const)(
      'refuses a NUL character in a sign-up %s, and creates no account',
      async ([field, body], { app }) => {
        await expectRefused(
          app,
          () => postAuth(app, '/sign-up/email', { ...body, password: 'secret1' }),
          fieldErrors.nulCharacter(field),
        );
      },
    );
  });

  describe('the log', () => {
    it('holds no customer data when a query fails', async ({ app, customer, tool }) => {
      // A rule the database enforces and the app does not know: the insert fails in PostgreSQL
      // with the bound values in Drizzle's error and the failing row in PostgreSQL's detail.
      await app.database.db.execute(
        sql`alter table orders add constraint test_short_address check (length(address) < 20) not valid`,
      );
      const address = 'Apartment 42, Zebra Quay Secretstreet';
      const phone = '+44 7700 900417';
      const response = await postOrder(
        app,
        customer,
        orderBody(customer, tool, { address, phone }),
      );
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

    it('holds no customer data when a query inside the identity service fails', async ({ app }) => {
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
