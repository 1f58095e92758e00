import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { randomUuidKey, timestamptz } from '../../db/columns.ts';
import { checkouts } from '../checkouts/checkouts.table.ts';
import { users } from '../identity/identity.table.ts';
import { orders } from './orders.table.ts';

/** Where shipment numbers come from: gaps are harmless (a shipment is no tax document). */
export const shipmentNumbers = pgSequence('shipment_number_seq', { startWith: 1 });

/**
 * A shipment (issue 42): what an admin sent of one checkout's lines in one go, with one carrier
 * and tracking number. Undoing it keeps the row (undone_at set), so its number and packing slip
 * stay explained; only standing shipments (undone_at null) count towards what shipped.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: randomUuidKey(),
    /** The shipment's sequence number, shown as 'SH-00042' (contract shipmentNumber). */
    sequence: integer('sequence')
      .notNull()
      .unique()
      .default(sql`nextval('shipment_number_seq')`),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamptz('shipped_at').notNull(),
    /** The admin who shipped it (null once that account is removed). */
    shippedBy: text('shipped_by').references(() => users.id, { onDelete: 'set null' }),
    undoneAt: timestamptz('undone_at'),
    undoneBy: text('undone_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('shipments_checkout_id_idx').on(t.checkoutId, t.shippedAt)],
);

/** How many of each order one shipment took. */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.orderId] }),
    index('shipment_lines_order_id_idx').on(t.orderId),
    check('shipment_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
