import { pipeline, Readable } from 'node:stream';
import { stringify, type Options, type Stringifier } from 'csv-stringify';
import {
  checkoutReference,
  checkoutStatusOf,
  documentAmounts,
  orderReference,
  shippedCount,
  shownStatus,
  texts,
} from '@tools-factory/contract';
import type { Executor } from '../../db/client.ts';
import type { IdentityService } from '../identity/identity.service.ts';
import type { CheckoutCharges, CheckoutShipping } from '../checkouts/checkout-charges.ts';
import { chargeOf } from './order-tax.ts';
import { everyCheckoutOfOrders } from './orders-csv.repository.ts';
import type { OrderRow } from './orders.repository.ts';

/**
 * Orders read from the database at a time: the export never holds more than this many, and the
 * lines of the checkout a page ends in.
 */
export const CSV_PAGE_SIZE = 500;

const csvTexts = texts.manageOrders.csv;
type Column = keyof typeof csvTexts.columns;
type CsvRecord = Record<Column, string>;

/** A record with every column empty, which each kind of record fills its own columns of. */
const EMPTY_RECORD = Object.fromEntries(
  Object.keys(csvTexts.columns).map((column) => [column, '']),
) as CsvRecord;

/** An amount of cents as dollars with two decimals and no sign: 123456n -> '1234.56'. */
function dollarsText(cents: bigint): string {
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** An order's total in whole cents (a bigint: a sum of them may exceed 2^53). */
function totalCents(row: OrderRow): bigint {
  return BigInt(row.unitPriceCents) * BigInt(row.quantity);
}

/**
 * Issue 45: what `lines` and `shipping` were charged, the shipping, the tax of it all (added on
 * top, or within the charge: documentAmounts) and how it was booked. A line alone has no shipping.
 */
function chargedColumns(
  lines: readonly [OrderRow, ...OrderRow[]],
  shipping: CheckoutShipping | undefined,
) {
  const [first] = lines;
  const shippingCents = shipping?.shippingCents ?? 0;
  const shippingTaxCents = shipping?.shippingTaxCents ?? 0;
  const chargedCents =
    lines.reduce((sum, line) => sum + chargeOf(line), 0) + shippingCents + shippingTaxCents;
  const addedTaxCents = lines.reduce((sum, line) => sum + line.taxCents, 0) + shippingTaxCents;
  const terms = { mode: first.taxMode, rateBasisPoints: first.taxRateBasisPoints };
  return {
    shipping: shipping ? dollarsText(BigInt(shippingCents)) : '',
    tax: dollarsText(BigInt(documentAmounts(terms, chargedCents, addedTaxCents).taxCents)),
    charged: dollarsText(BigInt(chargedCents)),
    taxMode: first.taxMode,
  } satisfies Partial<CsvRecord>;
}

/** What one order says of itself, as an 'order' and a 'line' record both write it. */
function ownColumns(row: OrderRow) {
  return {
    reference: orderReference(row.id),
    tool: row.toolName,
    // Issue 26: the SKU the order was placed with ('' before SKUs).
    sku: row.toolSku,
    quantity: String(row.quantity),
    unitPrice: dollarsText(BigInt(row.unitPriceCents)),
    total: dollarsText(totalCents(row)),
    // As the pages read it: a cancelled order whose money went back is 'refunded' (issue 42).
    status: shownStatus({ status: row.status, refunded: row.refundedCents }),
    madeToOrder: row.madeToOrder ? csvTexts.yes : csvTexts.no,
    // Issue 26: its checkout, so filtering on it still finds every line of one.
    checkoutReference: checkoutReference(row.checkoutId),
    // Issue 42: how much of it the standing shipments took.
    shippedQuantity: String(row.shippedQuantity),
    refunded: dollarsText(BigInt(row.refundedCents)),
  } satisfies Partial<CsvRecord>;
}

/** The order of a one-line checkout as its 'order' record: every column but `shipped`. */
function orderRecord(
  row: OrderRow,
  customerName: string | undefined,
  shipping: CheckoutShipping | undefined,
): CsvRecord {
  return {
    ...EMPTY_RECORD,
    ...ownColumns(row),
    ...chargedColumns([row], shipping),
    record: csvTexts.records.order,
    date: row.createdAt.toISOString(),
    customer: row.email,
    transactionId: row.transactionId ?? '',
    // Issue 25: who and where to, as the order's page shows them (empty name: account removed).
    customerName: customerName ?? '',
    address: row.address,
    phone: row.phone,
    // Issue 26: the buyer's PO number.
    poNumber: row.poNumber,
  };
}

/**
 * The head of a checkout of several lines (`lines` in their order, the first being any of them
 * for what they share): the checkout's facts once, its lines' own columns left empty.
 */
function checkoutRecord(
  lines: readonly [OrderRow, ...OrderRow[]],
  customerName: string | undefined,
  shipping: CheckoutShipping | undefined,
): CsvRecord {
  const [first] = lines;
  const status = checkoutStatusOf(lines);
  const { shipped, of } = shippedCount(lines);
  return {
    ...EMPTY_RECORD,
    ...chargedColumns(lines, shipping),
    record: csvTexts.records.checkout,
    // The lines were placed in one transaction: they share the checkout's placing time, its
    // buyer, where it goes and its PO number (copied on each).
    date: first.createdAt.toISOString(),
    checkoutReference: checkoutReference(first.checkoutId),
    poNumber: first.poNumber,
    customer: first.email,
    customerName: customerName ?? '',
    address: first.address,
    phone: first.phone,
    total: dollarsText(lines.reduce((sum, line) => sum + totalCents(line), 0n)),
    refunded: dollarsText(lines.reduce((sum, line) => sum + BigInt(line.refundedCents), 0n)),
    // Written as the lines' statuses are ('partly_shipped', not the page's 'partlyShipped'), so a
    // spreadsheet's filter on the column finds both.
    status: snakeCase(status),
    // Paid as one: the lines share the transaction (none before it is paid).
    transactionId: lines.find((line) => line.transactionId)?.transactionId ?? '',
    // As Manage Orders shows it: none for a checkout not paid yet (unpaid, or awaiting its
    // company's approval: nothing sold yet) or a closed one (nothing sold left).
    shipped: NOTHING_SHIPPABLE.has(status) ? '' : csvTexts.shippedOf(shipped, of),
  };
}

/** The checkout statuses whose Shipped cell is empty. */
const NOTHING_SHIPPABLE: ReadonlySet<string> = new Set(['unpaid', 'awaitingApproval', 'closed']);

/** 'partlyShipped' -> 'partly_shipped'. */
function snakeCase(word: string): string {
  return word.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** A line of a checkout of several, under its head: its own columns only. */
function lineRecord(row: OrderRow): CsvRecord {
  return {
    ...EMPTY_RECORD,
    ...ownColumns(row),
    ...chargedColumns([row], undefined),
    record: csvTexts.records.line,
  };
}

/**
 * One checkout's records (issue 42: a checkout is one entry with its lines underneath, as Manage
 * Orders shows it): its one order as an 'order' record, as before checkouts had several lines; or
 * a 'checkout' record followed by a 'line' record per line.
 */
function* checkoutRecords(
  lines: readonly OrderRow[],
  names: ReadonlyMap<string, string>,
  shippings: ReadonlyMap<string, CheckoutShipping>,
): Generator<CsvRecord> {
  // In the buyer's order (everyCheckoutOfOrders), as its invoice, e-mails and pages list them.
  const [first, ...rest] = lines;
  if (!first) return;
  const customerName = first.userId ? names.get(first.userId) : undefined;
  const shipping = shippings.get(first.checkoutId);
  if (rest.length === 0) {
    yield orderRecord(first, customerName, shipping);
    return;
  }
  yield checkoutRecord([first, ...rest], customerName, shipping);
  yield lineRecord(first);
  for (const line of rest) yield lineRecord(line);
}

/** Every checkout's records, newest first, read a page of orders at a time as the stream asks. */
async function* everyCsvRecord(
  db: Executor,
  identity: Pick<IdentityService, 'namesOf'>,
  charges: Pick<CheckoutCharges, 'shippingOfMany'>,
  pageSize: number,
): AsyncGenerator<CsvRecord> {
  for await (const checkouts of everyCheckoutOfOrders(db, pageSize)) {
    // The page's customers' names in one query (a removed account's is left out: empty), and
    // its checkouts' shipping in another.
    const names = await identity.namesOf(
      checkouts.flatMap((lines) => lines.flatMap(({ userId }) => userId ?? [])),
    );
    const shippings = await charges.shippingOfMany(
      db,
      checkouts.flatMap((lines) => lines[0]?.checkoutId ?? []),
    );
    for (const lines of checkouts) yield* checkoutRecords(lines, names, shippings);
  }
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
 * checkout by checkout, newest first (checkoutRecords: a one-line checkout is an 'order' record, a
 * checkout of several a 'checkout' record and its 'line' records), written as ORDERS_CSV_OPTIONS
 * says.
 */
export function createOrdersCsv(options: {
  db: Executor;
  now: () => Date;
  /** The customers' names, a page at a time. */
  identity: Pick<IdentityService, 'namesOf'>;
  /** The checkouts' shipping, a page at a time (issue 45: what each was charged). */
  charges: Pick<CheckoutCharges, 'shippingOfMany'>;
  /** Orders read at a time: CSV_PAGE_SIZE, unless a test ends pages inside checkouts. */
  pageSize?: number;
}) {
  const { db, now, identity, charges, pageSize = CSV_PAGE_SIZE } = options;
  return {
    /** The download's name, dated (UTC): orders-2026-11-23.csv. */
    fileName(): string {
      return `orders-${now().toISOString().slice(0, 10)}.csv`;
    },

    /** The file, streamed: the database is read a page at a time, as the client takes the bytes. */
    stream(): Stringifier {
      const csv = stringify(ORDERS_CSV_OPTIONS);
      // A failing read ends the stream with that error (Fastify then cuts the answer short).
      pipeline(Readable.from(everyCsvRecord(db, identity, charges, pageSize)), csv, () => {});
      return csv;
    },
  };
}

export type OrdersCsv = ReturnType<typeof createOrdersCsv>;
