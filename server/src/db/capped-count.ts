import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/*
 * Counts that stop at a cap (issue 43, docs/decisions/055): a list's page says how many rows
 * match without reading a million of them. The count reads one row past the cap, which tells
 * "more than the cap" from "exactly the cap"; the page then says "more than" and pages on
 * without a count of pages.
 */

/** A count that stopped at a cap: `total` is `cap` at most, `capped` says that more match. */
export type CappedCount = { total: number; capped: boolean };

/** How many rows a capped count reads at most: one past the cap. */
export function cappedCountLimit(cap: number): number {
  return cap + 1;
}

/** The capped count of `counted` rows read (cappedCountLimit(cap) at most). */
export function cappedCount(counted: number, cap: number): CappedCount {
  return { total: Math.min(counted, cap), capped: counted > cap };
}

/**
 * `select count(*) from (select 1 from <table> where <where> limit <cap + 1>)`: the rows that
 * match, counted no further than the cap allows, off whatever index answers `where`. Apart, so
 * that a test reads its plan.
 */
export function cappedCountQuery(
  executor: Executor,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
) {
  const matching = executor
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cappedCountLimit(cap))
    .as('matching');
  return executor.select({ counted: sql<number>`count(*)::int` }).from(matching);
}

/** How many rows of `table` match `where`, up to `cap` (cappedCountQuery). */
export async function countUpToCap(
  executor: Executor,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
): Promise<CappedCount> {
  const [row] = await cappedCountQuery(executor, table, where, cap);
  return cappedCount(row?.counted ?? 0, cap);
}
