import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../identity/identity.table.ts';
import { tools } from '../tools/tools.table.ts';

/** What is stored; 'expired' is an offered quote read after its date (contract/src/quotes.ts). */
export const STORED_QUOTE_STATUSES = [
  'requested',
  'offered',
  'accepted',
  'declined',
  'refused',
] as const;

/**
 * A customer's request for a price (DESIGN.md section 11), with the tool's name and image as they
 * were, the customer's e-mail as it was, and the current offer. The order accepting places points
 * back at its quote (orders.quote_id, unique): one order per quote, whatever races.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id),
    toolName: text('tool_name').notNull(),
    toolImage: text('tool_image').notNull(),
    quantity: integer('quantity').notNull(),
    neededBy: date('needed_by', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: STORED_QUOTE_STATUSES }).notNull().default('requested'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** The current offer: set together, replaced together by a new offer. */
    offerPriceCents: integer('offer_price_cents'),
    offerValidUntil: date('offer_valid_until', { mode: 'string' }),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    /** Why an admin declined the request (status 'refused'). */
    declineReason: text('decline_reason'),
    /** When the quote was accepted, declined or refused. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('quotes_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'quotes_status_known',
      sql`${t.status} in ('requested', 'offered', 'accepted', 'declined', 'refused')`,
    ),
    check(
      'quotes_offer_whole',
      sql`(${t.offerPriceCents} is null) = (${t.offerValidUntil} is null) and (${t.offerPriceCents} is null) = (${t.offeredAt} is null)`,
    ),
    check(
      'quotes_offer_price_positive',
      sql`${t.offerPriceCents} is null or ${t.offerPriceCents} > 0`,
    ),
    index('quotes_user_id_idx').on(t.userId),
    // The cap on open quotes counts these on every request.
    index('quotes_open_user_id_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('requested', 'offered')`),
  ],
);
