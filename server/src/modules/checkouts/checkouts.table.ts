import { sql } from 'drizzle-orm';
import { PAYMENT_METHODS } from '@tools-factory/contract';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { randomUuidKey, timestamptz } from '../../db/columns.ts';
import { companies, companyAddresses } from '../companies/companies.table.ts';
import { users } from '../identity/identity.table.ts';

/**
 * A checkout (docs/architecture.md#business-buyers): the orders one purchase placed together, one
 * per cart line, all in one transaction. It keeps what the buyer gave once for all its lines (where
 * they go, a phone, the buyer's own purchase-order number) and is paid, invoiced and mailed as one.
 * Its lines are the spec's orders (orders.checkout_id); what it is worth and where it stands follow
 * from them. Orders placed before checkouts existed each got a checkout of their own, with the
 * order's id (migration 0011).
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: randomUuidKey(),
    /** The buyer (null once the account is removed: the checkout stays in the books). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull().default(''),
    /** The buyer's own reference for the purchase ('' when none), printed on the invoice. */
    poNumber: text('po_number').notNull().default(''),
    /** The buyer's company and tax number as typed (issue 42: the invoice prints them). */
    companyName: text('company_name').notNull().default(''),
    taxNumber: text('tax_number').notNull().default(''),
    /**
     * The company account its buyer belonged to when placing it (issue 44): the checkout stays the
     * company's when the buyer leaves; null for a buyer of no company.
     */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /**
     * The company's ship-to address the buyer chose (issue 44), its label, name, address and
     * phone copied onto the checkout; null when typed, or once the company removed it.
     */
    shipToId: uuid('ship_to_id').references(() => companyAddresses.id, { onDelete: 'set null' }),
    /**
     * The client's Idempotency-Key of the request that placed it (null without one) and a digest
     * of that request: the same key again answers with this checkout, unless the body differs.
     */
    /**
     * What shipping costs this checkout (issue 42), decided by the shop's rates when it is
     * placed and paid with its lines; null while it is to be quoted (an admin sets it, then the
     * checkout can be paid).
     */
    shippingCents: integer('shipping_cents').default(0),
    /** The tax added on top of the shipping (issue 45: tax `added` only, else 0). */
    shippingTaxCents: integer('shipping_tax_cents').notNull().default(0),
    /**
     * What was given back of the shipping and its tax (a checkout cancelled before anything
     * shipped).
     */
    shippingRefundedCents: integer('shipping_refunded_cents').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    requestDigest: text('request_digest'),
    /**
     * How it is paid (issue 45): `card` within its hold, or `account`: its invoice issued with it
     * (or when its company approves it), due within the company's terms.
     */
    payment: text('payment', { enum: PAYMENT_METHODS }).notNull().default('card'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checkouts_user_id_idempotency_key_idx').on(t.userId, t.idempotencyKey),
    // Removing a company's address sets its checkouts' copy free (ON DELETE SET NULL): found off
    // this index, not by reading every checkout.
    index('checkouts_ship_to_id_idx')
      .on(t.shipToId)
      .where(sql`${t.shipToId} is not null`),
    check(
      'checkouts_shipping_refund_within',
      sql`${t.shippingRefundedCents} >= 0 and ${t.shippingRefundedCents} <= coalesce(${t.shippingCents}, 0) + ${t.shippingTaxCents}`,
    ),
    check('checkouts_shipping_tax_not_negative', sql`${t.shippingTaxCents} >= 0`),
    check('checkouts_payment_known', sql`${t.payment} in ('card', 'account')`),
    check(
      'checkouts_shipping_not_negative',
      sql`${t.shippingCents} is null or ${t.shippingCents} >= 0`,
    ),
  ],
);
