import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { randomUuidKey, timestamptz } from '../../db/columns.ts';
import { users } from '../identity/identity.table.ts';
import { tools } from './tools.table.ts';

/** Why an admin moved a tool's stock by hand (issue 25): the reasons Manage Tools offers. */
export const STOCK_MOVEMENT_REASONS = ['received', 'counted', 'damaged'] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

/**
 * Every change of a tool's stock made by hand (a restock, a count, damaged units), kept for good:
 * who, when, by how much, why, and the stock it left. Written in the transaction of the
 * conditional UPDATE that moved the stock, so the rows and the stock always agree. Orders move
 * stock too; they are their own record (the orders table).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: randomUuidKey(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    /** The admin who moved it; null once that account is removed (the movement stays). */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: STOCK_MOVEMENT_REASONS }).notNull(),
    /** The admin's own words, if any (at most 200 characters: the contract's rule). */
    note: text('note').notNull().default(''),
    stockAfter: integer('stock_after').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('stock_movements_delta_not_zero', sql`${t.delta} <> 0`),
    check('stock_movements_stock_after_not_negative', sql`${t.stockAfter} >= 0`),
    check('stock_movements_reason_known', sql`${t.reason} in ('received', 'counted', 'damaged')`),
    index('stock_movements_tool_id_created_at_idx').on(t.toolId, t.createdAt),
  ],
);
