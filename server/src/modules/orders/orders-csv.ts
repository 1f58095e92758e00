import { pipeline, Readable } from 'node:stream';
import { stringify, type Options, type Stringifier } from 'csv-stringify';
import { checkoutReference, orderReference, texts } from '@tools-factory/contract';
import type { Executor } from '../../db/client.ts';
import type { IdentityService } from '../identity/identity.service.ts';
import { selectOrdersPage, type OrderPageCursor, type OrderRow } from './orders.repository.ts';

/** Orders read from the database at a time: the export never holds more than this many. */
const CSV_PAGE_SIZE = 500;

const csvTexts = texts.manageOrders.csv;
type Column = keyof typeof csvTexts.columns;

/** An amount of cents as dollars with two decimals and no sign: 123456n -> '1234.56'. */
function dollarsText(cents: bigint): string {
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** One order as its CSV record; the total in whole cents (a bigint: it may exceed 2^53). */
function toCsvRecord(row: OrderRow, customerName: string | undefined): Record<Column, string> {
  return {
    date: row.createdAt.toISOString(),
    reference: orderReference(row.id),
    customer: row.email,
    tool: row.toolName,
    quantity: String(row.quantity),
    unitPrice: dollarsText(BigInt(row.unitPriceCents)),
    total: dollarsText(BigInt(row.unitPriceCents) * BigInt(row.quantity)),
    status: row.status,
    transactionId: row.transactionId ?? '',
    madeToOrder: row.madeToOrder ? csvTexts.yes : csvTexts.no,
    // Issue 25: who and where to, as the order's page shows them (empty name: account removed).
    customerName: customerName ?? '',
    address: row.address,
    phone: row.phone,
    // Issue 26: the SKU the order was placed with ('' before SKUs), its checkout, the buyer's PO.
    sku: row.toolSku,
    checkoutReference: checkoutReference(row.checkoutId),
    poNumber: row.poNumber,
  };
}

/** Every order, newest first, read a page at a time as the stream asks for more. */
async function* everyOrderRecord(
  db: Executor,
  identity: Pick<IdentityService, 'namesOf'>,
): AsyncGenerator<Record<Column, string>> {
  let cursor: OrderPageCursor | undefined;
  do {
    const page = await selectOrdersPage(db, cursor, CSV_PAGE_SIZE);
    // The page's customers' names in one query (a removed account's is left out: empty).
    const names = await identity.namesOf(page.rows.flatMap(({ userId }) => userId ?? []));
    for (const row of page.rows)
      yield toCsvRecord(row, row.userId ? names.get(row.userId) : undefined);
    cursor = page.next;
  } while (cursor);
}

/**
 * How the file is written: RFC 4180 (CRLF between records, fields with a comma, a quote or a
 * line break quoted, quotes doubled), in UTF-8 with a byte order mark (without it Excel reads the
 * file in the system's code page and garbles every accent), a header row. A text cell that a
 * spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage return, or
 * their full-width forms) gets a leading single quote (OWASP's CSV injection advice): the
 * e-mail, tool name, transaction id, customer name, address, phone, SKU and PO number are copied from orders; the figures never start so.
 */
export const ORDERS_CSV_OPTIONS = {
  bom: true,
  header: true,
  record_delimiter: 'windows',
  escape_formulas: true,
  columns: Object.entries(csvTexts.columns).map(([key, header]) => ({ key, header })),
} satisfies Options;

/**
 * Manage Orders' CSV export (GET /manageOrders.csv): every order (removed customers' too),
 * newest first, written as ORDERS_CSV_OPTIONS says.
 */
export function createOrdersCsv(options: {
  db: Executor;
  now: () => Date;
  /** The customers' names, a page at a time. */
  identity: Pick<IdentityService, 'namesOf'>;
}) {
  const { db, now, identity } = options;
  return {
    /** The download's name, dated (UTC): orders-2026-11-23.csv. */
    fileName(): string {
      return `orders-${now().toISOString().slice(0, 10)}.csv`;
    },

    /** The file, streamed: the database is read a page at a time, as the client takes the bytes. */
    stream(): Stringifier {
      const csv = stringify(ORDERS_CSV_OPTIONS);
      // A failing read ends the stream with that error (Fastify then cuts the answer short).
      pipeline(Readable.from(everyOrderRecord(db, identity)), csv, () => {});
      return csv;
    },
  };
}

export type OrdersCsv = ReturnType<typeof createOrdersCsv>;
