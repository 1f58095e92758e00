import { ORDER_STATUSES, ORDER_TAX_MODES, PLACED_STATUS } from '@tools-factory/contract';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { randomUuidKey, timestamptz } from '../../db/columns.ts';
import { users } from '../identity/identity.table.ts';
import { quotes } from '../quotes/quotes.table.ts';
import { toolSnapshotColumns } from '../tools/tools.table.ts';
import { checkouts } from '../checkouts/checkouts.table.ts';
import { companies } from '../companies/companies.table.ts';

/**
 * The status an order reads as on the pages (contract's shownStatus, issue 42: a cancelled order
 * whose money went back reads refunded), as SQL: Manage Orders filters by it, and an index is
 * built on it, so that each status is one range of that index (issue 43). The planner matches the
 * query's expression to the index's only if the two are the same: both come from here.
 * order-status.test.ts proves it agrees with shownStatus.
 */
export function shownStatusSql(status: SQLWrapper, refundedCents: SQLWrapper): SQL<string> {
  return sql<string>`(case when ${status} = 'cancelled' and ${refundedCents} > 0 then 'refunded' else ${status} end)`;
}

/**
 * An order keeps a snapshot of the tool's name, image and unit price, so archiving the tool or
 * changing its price never rewrites history; and of its customer's e-mail, so removing the
 * customer's account (its owner becomes null: nobody owns it, admins still see it) does not
 * remove the sales record.
 */
export const orders = pgTable(
  'orders',
  {
    id: randomUuidKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    ...toolSnapshotColumns(),
    /** The tool's SKU when the order was placed ('' for orders placed before SKUs existed). */
    toolSku: text('tool_sku').notNull().default(''),
    /**
     * The checkout that placed this order, one of its lines (docs/architecture.md#business-buyers):
     * every order has one; the purchase page's Place Order and an accepted quote are one-line
     * checkouts.
     */
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id),
    /**
     * The company account of its checkout (issue 44), kept on each line as it never changes:
     * Company Orders reads a company's lines newest first off its own index, as My Orders reads
     * an account's. Null for a buyer of no company.
     */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** The checkout's PO number, kept on each line as it never changes ('' when none). */
    poNumber: text('po_number').notNull().default(''),
    /**
     * Its place among its checkout's lines, from 1: the buyer's order (the cart's, oldest line
     * first), which the invoice and every list of the checkout's lines keep (issue 42).
     */
    lineNumber: integer('line_number').notNull().default(1),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull().default(''),
    /** Where the order stands in its life (contract/src/order-status.ts: states, transitions). */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default(PLACED_STATUS),
    transactionId: text('transaction_id'),
    paidAt: timestamptz('paid_at'),
    /**
     * How many of it its standing shipments took (shipments.table.ts, issue 42): its status is
     * shipped when all of it, partly shipped when some.
     */
    shippedQuantity: integer('shipped_quantity').notNull().default(0),
    /**
     * The money given back for it so far, in cents (issue 42): by a cancellation's refund, by
     * partial refunds (each with its credit note) or by the gateway's refund in full. Never more
     * than the line's amount; what the shop keeps of it is the amount less this.
     */
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    /**
     * When its latest standing shipment left, and that shipment's carrier and tracking number
     * (both optional, given at Ship): what the spec's order shows of its shipping.
     */
    shippedAt: timestamptz('shipped_at'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /**
     * The shop-wide tax rate when the order was placed, in basis points (2000 = 20%): a later
     * change of the rate never rewrites an order's invoice.
     */
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(0),
    /**
     * How its tax is booked (issue 45, contract/src/tax.ts), kept as it was placed: `included` in
     * the price, `added` on top, or `reverse-charge` (a tax-exempt company's, at 0 %).
     */
    taxMode: text('tax_mode', { enum: ORDER_TAX_MODES }).notNull().default('included'),
    /**
     * The tax added on top of the line (`added` only, else 0): its part of its checkout's tax,
     * rounded once. What the line is charged is its amount plus this.
     */
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    /** When an admin cancelled the paid order (refunded, credit note issued). */
    cancelledAt: timestamptz('cancelled_at'),
    /** When the gateway reported the payment refunded (Stripe's charge.refunded). */
    refundedAt: timestamptz('refunded_at'),
    /** When the gateway reported a dispute (Stripe's charge.dispute.created): not shipped then. */
    disputedAt: timestamptz('disputed_at'),
    /**
     * When the unpaid order ended (issue 44): removed by its buyer or an admin (who: its timeline's
     * 'removed' event), or expired by the sweep. Null while it lives.
     */
    endedAt: timestamptz('ended_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /**
     * When its company's admin approved it (issue 44): its hold starts again then, as if placed,
     * so that its buyer has the whole of ORDER_HOLD_HOURS to pay. Null for every other order.
     */
    approvedAt: timestamptz('approved_at'),
    /**
     * An unpaid order is kept at least until then, whatever its age: creating a payment intent
     * moves it an hour ahead, so an order cannot expire while its customer pays.
     */
    holdUntil: timestamptz('hold_until'),
    /**
     * Set once a payment under way has moved `holdUntil`: a hold is extended at most once, and
     * never beyond the fixed ceiling after `createdAt` (docs/architecture.md#orders).
     */
    holdExtended: boolean('hold_extended').notNull().default(false),
    /**
     * The client's Idempotency-Key for the request that placed the order (null without one),
     * and a digest of that request's body: the same key again answers with this order, unless
     * the body differs.
     */
    idempotencyKey: text('idempotency_key'),
    requestDigest: text('request_digest'),
    /**
     * Placed by accepting a quote while the stock was short: no stock was reserved, so none goes
     * back when it is removed or expires; it ships when produced
     * (docs/architecture.md#business-buyers).
     */
    madeToOrder: boolean('made_to_order').notNull().default(false),
    /** The quote whose acceptance placed this order (unique: one order per quote). */
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'orders_shipped_quantity_within',
      sql`${t.shippedQuantity} >= 0 and ${t.shippedQuantity} <= ${t.quantity}`,
    ),
    check(
      'orders_refunded_within',
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.unitPriceCents}::bigint * ${t.quantity} + ${t.taxCents}`,
    ),
    check(
      'orders_tax_mode_known',
      sql`${t.taxMode} in ('included', 'added', 'reverse-charge') and ${t.taxCents} >= 0`,
    ),
    // ORDER_STATUSES again, as SQL: order-status.test.ts proves the two lists agree.
    check(
      'orders_status_known',
      sql`${t.status} in ('unpaid', 'awaiting_approval', 'invoiced', 'paid', 'partly_shipped', 'shipped', 'cancelled', 'refunded', 'disputed', 'removed', 'expired', 'rejected')`,
    ),
    // An ended order says when it ended; a living one does not.
    check(
      'orders_ended_at_with_status',
      sql`(${t.status} in ('removed', 'expired', 'rejected')) = (${t.endedAt} is not null)`,
    ),
    // An account's checkouts newest first (My Orders' keyset pages, issue 43); its prefix serves
    // every other look-up by account (GET /orders, the foreign key's set null). The status closes
    // the key (drizzle has no INCLUDE): the pages and their count leave out ended orders off the
    // index alone (the busiest buyer's count, 3,100 lines: 5.1 ms reading the table, 1.2-1.7 ms).
    index('orders_user_id_created_at_checkout_id_idx').on(
      t.userId,
      t.createdAt,
      t.checkoutId,
      t.status,
    ),
    index('orders_checkout_id_idx').on(t.checkoutId),
    // A company's checkouts newest first (Company Orders' keyset pages, issue 44), its status
    // closing the key for the same reason.
    index('orders_company_id_created_at_checkout_id_idx')
      .on(t.companyId, t.createdAt, t.checkoutId, t.status)
      .where(sql`${t.companyId} is not null`),
    // Sales reads a window of paid lines by the day they were paid (issue 43: a year at a million
    // orders is one range scan); unpaid lines have no paid_at and stay out.
    index('orders_paid_at_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    // Every order newest first, checkout by checkout: the orders CSV's keyset pages
    // (orders-csv.repository.ts) read this index instead of sorting the table per page.
    index('orders_created_at_checkout_id_id_idx').on(t.createdAt, t.checkoutId, t.id),
    // Manage Orders filtered by a status (issue 43): each status the pages show is one range,
    // read newest first, and counted off the index alone. The status and refund close the key
    // (drizzle has no INCLUDE): PostgreSQL reads an expression's match off the index only when
    // the columns it is made of are there too; without them each count of a status read every
    // matching row of the table (34 ms for 6,000 paid orders among a million).
    index('orders_shown_status_created_at_checkout_id_idx').on(
      shownStatusSql(t.status, t.refundedCents),
      t.createdAt,
      t.checkoutId,
      t.status,
      t.refundedCents,
    ),
    // The cap on unpaid orders counts these on every placement: a few rows, whatever the history.
    // (HELD_STATUSES as SQL: order-status.test.ts proves the two agree.)
    index('orders_held_user_id_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('unpaid', 'awaiting_approval')`),
    index('orders_held_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('unpaid', 'awaiting_approval')`),
    // A company's checkouts awaiting approval (issue 44): a few rows, whatever its history.
    index('orders_awaiting_company_id_idx')
      .on(t.companyId, t.createdAt, t.checkoutId)
      .where(sql`${t.status} = 'awaiting_approval'`),
    // One order per key and account, even for two requests at once; orders without a key (null)
    // never clash.
    uniqueIndex('orders_user_id_idempotency_key_idx').on(t.userId, t.idempotencyKey),
    uniqueIndex('orders_quote_id_idx').on(t.quoteId),
  ],
);
