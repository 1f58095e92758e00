import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ORDER_EVENT_KINDS } from '@tools-factory/contract';
import { randomUuidKey, timestamptz } from '../../db/columns.ts';
import { users } from '../identity/identity.table.ts';
import { orders } from './orders.table.ts';

/**
 * What can happen to an order, as its timeline on the admin's order page shows it (issue 25): the
 * contract's list. Each is written in the transaction of the change it records (an e-mail when
 * it is queued in the outbox), so the timeline never tells of something that did not happen.
 */
export { ORDER_EVENT_KINDS, type OrderEventKind } from '@tools-factory/contract';

export const orderEvents = pgTable(
  'order_events',
  {
    id: randomUuidKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ORDER_EVENT_KINDS }).notNull(),
    /** Who did it: an admin or the customer; null for the shop itself (the sweep, a webhook). */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the kind needs said (the carrier and tracking number, an e-mail's subject, ...). */
    detail: jsonb('detail').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'order_events_kind_known',
      sql`${t.kind} in ('placed', 'paid', 'shipped', 'ship_undone', 'cancelled', 'refunded', 'disputed', 'expired', 'removed', 'email', 'awaiting_approval', 'approved', 'rejected', 'invoiced', 'payment_received')`,
    ),
    index('order_events_order_id_created_at_idx').on(t.orderId, t.createdAt),
  ],
);
