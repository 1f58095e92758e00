import { notInArray, sql, type SQL } from 'drizzle-orm';
import {
  ENDED_STATUSES,
  ORDER_STATUSES,
  type OrderStatus,
  ORDER_TRANSITIONS,
  type OrderTransition,
} from '@tools-factory/contract';
import { orders } from './orders.table.ts';

/**
 * The WHERE of a conditional UPDATE or DELETE, from the lists of contract/src/order-status.ts: the
 * order's status is one of `statuses`, written as literals (every status is a known word of
 * ORDER_STATUSES), so that the planner matches it to a partial index on the same list whatever
 * plan a prepared statement keeps (a parameter would hide the list from it).
 */
export function statusIsOneOf(statuses: readonly OrderStatus[]): SQL {
  const known = statuses.map((status) => {
    if (!(ORDER_STATUSES as readonly string[]).includes(status)) {
      throw new Error(`unknown order status ${status}`);
    }
    return `'${status}'`;
  });
  return known.length === 1
    ? sql`${orders.status} = ${sql.raw(known[0]!)}`
    : sql`${orders.status} in (${sql.raw(known.join(', '))})`;
}

/** The order stands where `transition` may start: the enforcement when requests race. */
export function statusAllows(transition: OrderTransition): SQL {
  return statusIsOneOf(ORDER_TRANSITIONS[transition].from);
}

/**
 * The order has not ended (issue 44): neither removed nor expired. Every read that answers for
 * the spec's calls, a checkout's lines and the lists narrows to these, so an ended order reads as
 * gone; Manage Orders' filter and an admin's order page are the exceptions.
 */
export function isLiveOrder(): SQL {
  return notInArray(orders.status, [...ENDED_STATUSES]);
}
