import { LIVE_STATUSES } from '@tools-factory/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  selectOrderCountsByStatus,
  selectCommittedState,
  selectRevenuePerDay,
  selectTopTools,
  type DayWindow,
} from './order-figures.repository.ts';

export type { DayWindow } from './order-figures.repository.ts';

/**
 * The orders' figures the sales module reports (issue 13): revenue per day, orders by status and
 * the top tools, summed by the database. They are read here because the orders module owns every
 * statement on its table (decision 012); the sales module turns them into its page and its CSV.
 */
export function createOrderFigures(options: { db: Database }) {
  const { db } = options;
  return {
    /**
     * The figures of `window` and the `topCount` tools with the highest revenue in it, in one
     * snapshot for the three reads, so that a payment landing between them cannot make the
     * figures disagree (a day's revenue counting an order the status counts do not). One after
     * the other: a transaction is one connection, which runs one query at a time.
     */
    read(window: DayWindow, topCount: number) {
      return db.transaction(
        async (tx) => {
          // PostgreSQL compiles these plans (their cost is above jit_above_cost at a year of a
          // million orders), which cost more than it saved: the year's revenue per day took
          // 0.97 s with it, 0.80 s without. Only for this read-only transaction.
          await tx.execute(sql`set local jit = off`);
          // The transaction's first statement that reads: its snapshot is the figures'.
          const version = await selectCommittedState(tx);
          const value = {
            days: await selectRevenuePerDay(tx, window),
            statuses: await selectOrderCountsByStatus(tx, LIVE_STATUSES),
            topTools: await selectTopTools(tx, window, topCount),
          };
          return { value, version };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    /**
     * The database's committed state now, as `read` reports the state its figures were summed
     * in: equal texts see the same committed transactions, so the same figures.
     */
    version: () => selectCommittedState(db),
  };
}

export type OrderFigures = ReturnType<typeof createOrderFigures>;
