import { sql } from 'drizzle-orm';
import { check, pgTable, smallint } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';

/**
 * The one row GET /api/ready writes to see that the database takes a write (issue 40 item 13):
 * a reachable database whose disk is full still answers `select 1`.
 */
export const readinessHeartbeat = pgTable(
  'readiness_heartbeat',
  {
    id: smallint('id').primaryKey().default(1),
    writtenAt: timestamptz('written_at').notNull().defaultNow(),
  },
  (t) => [check('readiness_heartbeat_one_row', sql`${t.id} = 1`)],
);
