import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { randomUuidKey, timestamptz } from '../../db/columns.ts';
import { users } from '../identity/identity.table.ts';
import { toolSnapshotColumns } from '../tools/tools.table.ts';

/** What is stored; 'expired' is an offered quote read after its date (contract/src/quotes.ts). */
export const STORED_QUOTE_STATUSES = [
  'requested',
  'offered',
  'accepted',
  'declined',
  'refused',
] as const;

/**
 * A request for the prices of several tools at once, made from the cart (issue 42): its lines are
 * quotes (one row per tool, `quotes.request_id`), offered, accepted, declined and expiring
 * together, so every rule of a quote of one tool holds for each line (docs/decisions/052). The
 * row is what a request's action locks, and what the cap on open quotes counts once.
 */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: randomUuidKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
  },
  (t) => [index('quote_requests_user_id_idx').on(t.userId)],
);

/**
 * A customer's request for a price (docs/architecture.md#business-buyers), with the tool's name and
 * image as they were, the customer's e-mail as it was, and the current offer. The order accepting
 * places points back at its quote (orders.quote_id, unique): one order per quote, whatever races.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: randomUuidKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    ...toolSnapshotColumns(),
    quantity: integer('quantity').notNull(),
    neededBy: date('needed_by', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: STORED_QUOTE_STATUSES }).notNull().default('requested'),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    /** The current offer: set together, replaced together by a new offer. */
    offerPriceCents: integer('offer_price_cents'),
    offerValidUntil: date('offer_valid_until', { mode: 'string' }),
    offeredAt: timestamptz('offered_at'),
    /** What the admin said with the offer (lead time, terms); '' without an offer or a note. */
    offerNote: text('offer_note').notNull().default(''),
    /** Why an admin declined the request (status 'refused'). */
    declineReason: text('decline_reason'),
    /** When the quote was accepted, declined or refused. */
    closedAt: timestamptz('closed_at'),
    /** The request of several lines this quote is a line of; null for a quote of one tool. */
    requestId: uuid('request_id').references(() => quoteRequests.id, { onDelete: 'cascade' }),
    /** Its place in its request (the cart's order), from 1; null for a quote of one tool. */
    lineNumber: integer('line_number'),
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
    check('quotes_line_of_request', sql`(${t.requestId} is null) = (${t.lineNumber} is null)`),
    index('quotes_user_id_idx').on(t.userId),
    uniqueIndex('quotes_request_line_idx')
      .on(t.requestId, t.lineNumber)
      .where(sql`${t.requestId} is not null`),
    // The cap on open quotes counts these on every request.
    index('quotes_open_user_id_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('requested', 'offered')`),
    /*
     * The quote lists a page at a time (issue 43, docs/decisions/055), newest first from where
     * the page before ended: a quote of one tool is its own row (request_id null), a request of
     * several lines is read by its first line, keyed by (requested_at, request_id). A buyer's
     * pages read their account's range; the admins' pages read the open ones (requested,
     * offered: few) by status, and the rest off the time.
     */
    index('quotes_single_user_requested_at_idx')
      .on(t.userId, t.requestedAt, t.id)
      .where(sql`${t.requestId} is null`),
    index('quotes_single_requested_at_idx')
      .on(t.requestedAt, t.id)
      .where(sql`${t.requestId} is null`),
    index('quotes_single_open_status_requested_at_idx')
      .on(t.status, t.requestedAt, t.id)
      .where(sql`${t.requestId} is null and ${t.status} in ('requested', 'offered')`),
    index('quotes_request_head_user_requested_at_idx')
      .on(t.userId, t.requestedAt, t.requestId)
      .where(sql`${t.lineNumber} = 1`),
    index('quotes_request_head_requested_at_idx')
      .on(t.requestedAt, t.requestId)
      .where(sql`${t.lineNumber} = 1`),
    index('quotes_request_head_open_status_requested_at_idx')
      .on(t.status, t.requestedAt, t.requestId)
      .where(sql`${t.lineNumber} = 1 and ${t.status} in ('requested', 'offered')`),
  ],
);
