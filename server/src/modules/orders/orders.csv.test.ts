import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import {
  checkoutReference,
  CreateToolResponseSchema,
  type Order,
  orderReference,
  texts,
} from '@tools-factory/contract';
import { bearer, signUpTestAccount, type TestAccount } from '../../testing/accounts.ts';
import { payOrder } from '../../testing/payments.ts';
import { expectError } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { createTestTool } from '../../testing/factories.ts';
import type { App } from '../../app.ts';
import { ORDERS_CSV_OPTIONS } from './orders-csv.ts';
import { checkouts } from '../checkouts/checkouts.table.ts';
import { orders } from './orders.table.ts';
import { placeTestOrder } from '../../testing/orders.ts';

const csvTexts = texts.manageOrders.csv;
const HEADER = Object.values(csvTexts.columns);
const BOM = '\uFEFF';

function exportCsv(app: App, account: TestAccount | undefined) {
  return app.inject({
    url: '/api/manageOrders.csv',
    headers: account ? bearer(account.token) : {},
  });
}

/** The file's records, parsed back as RFC 4180 has them (CRLF, quotes doubled), BOM first. */
function recordsOf(body: string): string[][] {
  expect(body.startsWith(BOM)).toBe(true);
  return parse(body, { bom: true, record_delimiter: '\r\n', relax_column_count: false });
}

/** A tool name as the export writes it, read back from its one record. */
function toolCellAsWritten(name: string): string | undefined {
  const written = stringify([{ tool: name }], { ...ORDERS_CSV_OPTIONS, bom: false, header: false });
  const records: string[][] = parse(written, { record_delimiter: '\r\n' });
  return records[0]?.[ORDERS_CSV_OPTIONS.columns.findIndex(({ key }) => key === 'tool')];
}

describe('the export neutralises formulas', () => {
  it('prefixes a single quote to text that starts like a formula, and leaves the rest', () => {
    for (const cell of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '\uFF1D1+1']) {
      expect(toolCellAsWritten(cell)).toBe(`'${cell}`);
    }
    for (const cell of ['', 'Claw hammer', 'a=b', ' =1', "'=1", 'x@example.com']) {
      expect(toolCellAsWritten(cell)).toBe(cell);
    }
  });
});

const itExports = appTest({ config: UNCAPPED_ORDERS, customerName: 'Ada Lovelace' })
  .extend('removedCustomer', { scope: 'file' }, ({ app }) => signUpTestAccount(app))
  // $19.99 each; a name that needs quoting: a comma, a quote and a line break.
  .extend('awkwardTool', { scope: 'file' }, ({ app }) =>
    createTestTool(app, { name: 'Saw, "fine"\ncut', priceCents: 1999, availableQuantity: 100_000 }),
  );

describe('Export CSV: GET /api/manageOrders.csv', () => {
  itExports('answers 401 without a token and 403 to a customer', async ({ app, customer }) => {
    expectError(await exportCsv(app, undefined), 401, texts.identityErrors.notSignedIn);
    expectError(await exportCsv(app, customer), 403, texts.identityErrors.adminsOnly);
  });

  itExports(
    'streams every order as an attachment: header row, then one record per order, newest first',
    async ({ app, customer, removedCustomer, admin, awkwardTool }) => {
      // An admin adds a tool whose name a spreadsheet would run as a formula.
      const added = await app.inject({
        method: 'POST',
        url: '/api/tool',
        headers: bearer(admin.token),
        payload: {
          name: '=HYPERLINK("x")',
          desc: 'A name that must not run.',
          img: '/images/tools/claw-hammer.svg',
          price: 12.5,
          minOrderQuantity: 1,
          availableQuantity: 1000,
        },
      });
      expect(added.statusCode, added.body).toBe(200);
      const formulaTool = CreateToolResponseSchema.parse(added.json()).tool;

      const unpaid = await placeTestOrder(app, customer, awkwardTool, { quantity: 25 });
      const paid = await payOrder(
        app,
        customer,
        await placeTestOrder(
          app,
          customer,
          { id: formulaTool._id, name: formulaTool.name },
          // A phone a spreadsheet would read as a formula: quoted like the other text cells.
          { quantity: 3, address: '1 Mill Road, Leeds', phone: '+44 113 496 0000' },
        ),
      );
      // Issue 26: a PO number a spreadsheet would run, as a checkout's buyer may type it (set on
      // the row: POST /order places a checkout without one).
      await app.database.db
        .update(orders)
        .set({ poNumber: '-PO 4711' })
        .where(eq(orders.id, paid._id));
      const orphaned = await placeTestOrder(app, removedCustomer, awkwardTool, { quantity: 30 });
      const removal = await app.inject({
        method: 'DELETE',
        url: `/api/user/${encodeURIComponent(removedCustomer.email)}`,
        headers: bearer(admin.token),
      });
      expect(removal.statusCode, removal.body).toBe(200);

      const before = new Date().toISOString().slice(0, 10);
      const response = await exportCsv(app, admin);
      const after = new Date().toISOString().slice(0, 10);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const disposition = String(response.headers['content-disposition']);
      expect([before, after].map((day) => `attachment; filename="orders-${day}.csv"`)).toContain(
        disposition,
      );
      // RFC 4180: every record ends with CRLF, the awkward name's line break stays inside quotes.
      expect(response.body.endsWith('\r\n')).toBe(true);
      expect(response.body).toContain('"Saw, ""fine""\ncut"');

      const [header, ...rows] = recordsOf(response.body);
      expect(header).toEqual(HEADER);
      const row = (order: Order) => [
        order.createdAt,
        orderReference(order._id),
        order.email,
        order.name,
        String(order.quantity),
      ];
      // Issue 25: the customer's name (empty once the account was removed), address and phone;
      // issue 26: the SKU the order was placed with, its checkout's reference and PO number.
      const defaultAddress = '12 Forge Lane, Sheffield';
      const checkoutOf = (order: Order) => [order.sku, checkoutReference(order.checkoutId)];
      expect(orphaned.sku).toBe(awkwardTool.sku);
      expect(rows).toEqual([
        [
          ...row(orphaned),
          '19.99',
          '599.70',
          'unpaid',
          '',
          csvTexts.no,
          '',
          defaultAddress,
          '',
          ...checkoutOf(orphaned),
          '',
        ],
        [
          paid.createdAt,
          orderReference(paid._id),
          paid.email,
          `'=HYPERLINK("x")`,
          '3',
          '12.50',
          '37.50',
          'paid',
          paid.transectionId,
          csvTexts.no,
          'Ada Lovelace',
          '1 Mill Road, Leeds',
          "'+44 113 496 0000",
          formulaTool.sku,
          paid.checkoutReference,
          "'-PO 4711",
        ],
        [
          ...row(unpaid),
          '19.99',
          '499.75',
          'unpaid',
          '',
          csvTexts.no,
          'Ada Lovelace',
          defaultAddress,
          '',
          ...checkoutOf(unpaid),
          '',
        ],
      ]);
      // Each order placed on its own is a checkout of its own.
      expect(new Set([orphaned, paid, unpaid].map((order) => order.checkoutId)).size).toBe(3);
      expect(paid.transectionId).toMatch(/\S/);
    },
  );
});

const itExportsMany = appTest({ tool: { priceCents: 1, availableQuantity: 100_000 } });

describe('Export CSV of many orders', () => {
  itExportsMany(
    'pages through the database without losing or repeating an order, even within one millisecond',
    async ({ app, admin, tool }) => {
      // 1,234 orders a microsecond apart (pages of 500 end inside a millisecond), and a quantity
      // that gives each its place in the file: the newest has the largest.
      const count = 1234;
      const [checkout] = await app.database.db
        .insert(checkouts)
        .values({ email: 'bulk@example.com', address: 'Bulk Street' })
        .returning();
      if (!checkout) throw new Error('no checkout inserted');
      const rows = Array.from({ length: count }, (_, index) => ({
        checkoutId: checkout.id,
        email: `bulk-${index}@example.com`,
        toolId: tool.id,
        toolName: tool.name,
        toolImage: tool.image,
        unitPriceCents: 1,
        quantity: index + 1,
        address: 'Bulk Street',
        createdAt: sql`timestamptz '2026-01-02T03:04:05.000000Z' + make_interval(secs => ${index}::int / 1000000.0)`,
      }));
      await app.database.db.insert(orders).values(rows);

      const response = await exportCsv(app, admin);
      expect(response.statusCode).toBe(200);
      const [, ...records] = recordsOf(response.body);
      expect(records.map((record) => Number(record[4]))).toEqual(
        Array.from({ length: count }, (_, index) => count - index),
      );
    },
  );
});
