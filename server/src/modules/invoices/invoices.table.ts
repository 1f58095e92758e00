import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { randomUuidKey, timestamptz } from '../../db/columns.ts';
import { checkouts } from '../checkouts/checkouts.table.ts';
import { companies } from '../companies/companies.table.ts';
import { users } from '../identity/identity.table.ts';
import { orders } from '../orders/orders.table.ts';

/**
 * The running number of each year's invoices: the transaction that issues one takes the next
 * with `INSERT ... ON CONFLICT (year) DO UPDATE SET last_sequence = last_sequence + 1 RETURNING`,
 * whose row lock makes concurrent payments (on any instance) queue for it; a payment that rolls
 * back gives its number back with it. So the numbers have no gap and no duplicate.
 */
export const invoiceSequences = pgTable(
  'invoice_sequences',
  {
    year: integer('year').primaryKey(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [check('invoice_sequences_positive', sql`${t.lastSequence} > 0`)],
);

/**
 * An invoice, issued in the transaction that marks its checkout's lines paid
 * (docs/architecture.md#business-buyers). It keeps everything it shows (buyer, lines, total,
 * payment), so it reads the same forever: removing an order (admins may) or the customer's account
 * leaves it as issued; `order_id` (its first line) becomes null.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: randomUuidKey(),
    /** The calendar year (UTC) of the payment, and the running number within it. */
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    /** invoiceNumber(year, sequence): 'INV-2026-000123'. */
    number: text('number').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** orderReference of the order ('TF-3F2A9C1B'). */
    orderReference: text('order_reference').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerAddress: text('buyer_address').notNull(),
    buyerPhone: text('buyer_phone').notNull().default(''),
    /**
     * The buyer's company and tax number, copied when issued: its company account's legal name
     * and tax number (issue 44), else as typed at checkout (issue 42).
     */
    buyerCompany: text('buyer_company').notNull().default(''),
    buyerTaxNumber: text('buyer_tax_number').notNull().default(''),
    /** The company account's billing address when issued ('' for a buyer of no company). */
    buyerBillingAddress: text('buyer_billing_address').notNull().default(''),
    /** The checkout the invoice bills, every line of it (null once its orders are gone). */
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    /** The buyer's purchase-order number ('' when none). */
    poNumber: text('po_number').notNull().default(''),
    // Its lines are in invoice_lines (migration 0011 moved the one line older invoices kept
    // here; 0012 dropped those columns).
    /** The shipping charged with the lines (issue 42; 0 when free), a line of its own. */
    shippingCents: integer('shipping_cents').notNull().default(0),
    /** The lines' totals and the shipping: beyond an integer for the largest orders. */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /**
     * Of the total, the tax added on top (issue 45: its orders' tax mode `added`; else 0 and the
     * document reads its tax within the total, contract/src/tax.ts `documentAmounts`).
     */
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    /** The payment's transaction id; on account, the bank reference that settled it ('' till then). */
    transactionId: text('transaction_id').notNull(),
    /** When it was paid: with its card payment, or once on account it was settled (null till then). */
    paidAt: timestamptz('paid_at'),
    issuedAt: timestamptz('issued_at').notNull().defaultNow(),
    /**
     * Issued on account (issue 45): the company it bills, its payment terms and when it is due
     * (issue plus the terms' days), and what was received of it so far. Null for a card payment's.
     */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    paymentTermsDays: integer('payment_terms_days'),
    dueAt: timestamptz('due_at'),
    receivedCents: bigint('received_cents', { mode: 'number' }).notNull().default(0),
    /**
     * What credit notes took off it before it was settled (issue 45: an invoiced line cancelled):
     * its open amount is the total less what was received and credited. Received and credited
     * reaching the total settle it (`paid_at` set).
     */
    creditedCents: bigint('credited_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('invoices_year_sequence_unique').on(t.year, t.sequence),
    uniqueIndex('invoices_number_unique').on(t.number),
    uniqueIndex('invoices_order_id_unique').on(t.orderId),
    uniqueIndex('invoices_checkout_id_unique').on(t.checkoutId),
    check('invoices_sequence_positive', sql`${t.sequence} > 0`),
    // A card payment's invoice is paid when issued; one on account is due by its terms.
    check(
      'invoices_paid_or_due',
      sql`(${t.dueAt} is null) = (${t.paymentTermsDays} is null) and (${t.paidAt} is not null or ${t.dueAt} is not null)`,
    ),
    check(
      'invoices_received_within',
      sql`${t.receivedCents} >= 0 and ${t.creditedCents} >= 0 and ${t.receivedCents} + ${t.creditedCents} <= ${t.totalCents}`,
    ),
    // A company's open invoices on account: what the credit check adds up, due date first.
    index('invoices_open_company_id_due_at_idx')
      .on(t.companyId, t.dueAt)
      .where(sql`${t.paidAt} is null`),
  ],
);

/**
 * A payment received against an invoice on account (issue 45, the Receivables page): the day
 * the bank says it arrived, the amount and the bank's reference. The reference is unique across
 * the shop (trimmed, in any case), so recording the same transfer twice finds the first. Its
 * invoice's row is locked while one is recorded, so the amounts never pass what was open.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: randomUuidKey(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    /** The day it arrived (the bank statement's date, 'YYYY-MM-DD'). */
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** As typed, trimmed; its unique key is the lower case of it. */
    bankReference: text('bank_reference').notNull(),
    /** The shop admin who recorded it (null once their account is gone). */
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_payments_bank_reference_unique').on(sql`lower(${t.bankReference})`),
    index('invoice_payments_invoice_id_idx').on(t.invoiceId),
    check('invoice_payments_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'invoice_payments_reference_given',
      sql`${t.bankReference} <> '' and ${t.bankReference} = btrim(${t.bankReference})`,
    ),
  ],
);

/**
 * The payment reminders sent for an invoice on account (issue 45): one row per kind ('due-in-3',
 * 'due', 'overdue-7', 'overdue-14', ...), inserted with its e-mail in one transaction, so each
 * reminder goes once whatever number of instances sweep at once.
 */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.kind] }),
    check('invoice_reminders_kind_known', sql`${t.kind} ~ '^(due-in-3|due|overdue-[0-9]+)$'`),
  ],
);

/** A line of an invoice: one order of its checkout, as it was billed. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** Its place on the invoice, from 1. */
    position: integer('position').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** orderReference of the line's order. */
    orderReference: text('order_reference').notNull(),
    sku: text('sku').notNull().default(''),
    toolName: text('tool_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    madeToOrder: boolean('made_to_order').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.position] }),
    uniqueIndex('invoice_lines_order_id_unique').on(t.orderId),
    check('invoice_lines_position_positive', sql`${t.position} > 0`),
  ],
);

/** The running number of each year's credit notes, kept as invoices keep theirs (no gap). */
export const creditNoteSequences = pgTable(
  'credit_note_sequences',
  {
    year: integer('year').primaryKey(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [check('credit_note_sequences_positive', sql`${t.lastSequence} > 0`)],
);

/**
 * A credit note, issued in the transaction that cancels a paid order (docs/architecture.md#orders):
 * it names the invoice it credits and keeps what it shows, so it reads the same forever.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: randomUuidKey(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    /** creditNoteNumber(year, sequence): 'CN-2026-000123'. */
    number: text('number').notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    invoiceNumber: text('invoice_number').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderReference: text('order_reference').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerAddress: text('buyer_address').notNull(),
    /** Copied from the invoice it credits (issue 42). */
    buyerCompany: text('buyer_company').notNull().default(''),
    buyerTaxNumber: text('buyer_tax_number').notNull().default(''),
    buyerBillingAddress: text('buyer_billing_address').notNull().default(''),
    toolName: text('tool_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /**
     * Why it was issued (issue 42): 'cancellation' (the line cancelled, what was left of its
     * amount given back) or 'refund' (part of the line's amount given back, the line stands),
     * or 'shipping' (a checkout's shipping given back: cancelled before anything shipped; the
     * order is then its first line).
     */
    kind: text('kind').notNull().default('cancellation'),
    /** The amount given back: the line's amount, or the part of it refunded. */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** Of it, the tax added on top that goes back with it (issue 45: tax `added`; else 0). */
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    /** The gateway's refund id (null when the gateway had nothing to give back). */
    refundId: text('refund_id'),
    issuedAt: timestamptz('issued_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_notes_year_sequence_unique').on(t.year, t.sequence),
    uniqueIndex('credit_notes_number_unique').on(t.number),
    // Several per order since issue 42: partial refunds, then the cancellation of the rest.
    index('credit_notes_order_id_idx').on(t.orderId),
    check('credit_notes_kind_known', sql`${t.kind} in ('cancellation', 'refund', 'shipping')`),
    check('credit_notes_sequence_positive', sql`${t.sequence} > 0`),
  ],
);
