import { HELD_STATUSES, ORDER_TRANSITIONS } from '@tools-factory/contract';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { builtOnce, placeholderRows } from '../../db/driver-adapter.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import type { NewOutboxRow } from '../../mail/outbox.repository.ts';
import { outboxMessages } from '../../mail/outbox.table.ts';
import type { NewCheckoutRow } from './checkouts.repository.ts';
import { checkouts } from './checkouts.table.ts';
import { orderEvents } from './order-events.table.ts';
import { statusAllows, statusIsOneOf } from './order-status-conditions.ts';
import { orders } from './orders.table.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
type NewOrderEventRow = typeof orderEvents.$inferInsert;

export async function insertOrder(executor: Executor, values: NewOrderRow): Promise<OrderRow> {
  const [row] = await executor.insert(orders).values(values).returning();
  if (!row) throw new Error('insert into orders returned no row');
  return row;
}

/** A checkout's lines, in one INSERT, in the order given. */
export async function insertOrders(
  executor: Executor,
  values: readonly NewOrderRow[],
): Promise<OrderRow[]> {
  const rows = await executor
    .insert(orders)
    .values([...values])
    .returning();
  if (rows.length !== values.length) throw new Error('insert into orders returned too few rows');
  return rows;
}

/** What POST /order writes with its order, all in one statement (insertPlacedOrder). */
export type PlacedOrderRows = {
  checkout: NewCheckoutRow & { id: string };
  order: NewOrderRow & { id: string; checkoutId: string };
  /** Its timeline's first lines (order-events.repository.ts's eventRows): one at least. */
  events: readonly NewOrderEventRow[];
  /** Its e-mails' rows (the outbox's prepareRows): one at least, the buyer's. */
  mails: readonly NewOutboxRow[];
};

/** The e-mails' rows as one WITH of a placement's statement (their INSERT, returning the ids). */
function outboxRowsWith(tx: Transaction, mails: readonly NewOutboxRow[]) {
  return tx.$with('placed_mails').as(
    tx
      .insert(outboxMessages)
      .values([...mails])
      .returning({ id: outboxMessages.id }),
  );
}

/**
 * POST /order's statements, each built once (db/driver-adapter.ts): its one INSERT, by the rows
 * each of its INSERTs writes, and the caps' holdings.
 */
const orderPathStatements = builtOnce();

/**
 * POST /order's writes in one statement, while the tool's row is locked by its reservation: the
 * one-line checkout, the order, its events and its e-mails, each an INSERT of one WITH (the
 * foreign keys are checked at the statement's end, when all of them are in). The ids are the
 * caller's, so that its e-mails could be written before; nothing but the id is returned (the
 * caller knows the row: its values and the columns' defaults).
 */
export async function insertPlacedOrder(tx: Transaction, rows: PlacedOrderRows): Promise<void> {
  const values: Record<string, unknown> = {};
  const checkout = placeholderRows('c', [rows.checkout], values);
  const order = placeholderRows('o', [rows.order], values);
  const events = placeholderRows('e', rows.events, values);
  const mails = placeholderRows('m', rows.mails, values);
  const shape = [checkout.shape, order.shape, events.shape, mails.shape].join(' ');
  const build = () =>
    tx
      .with(
        tx
          .$with('placed_checkout')
          .as(tx.insert(checkouts).values(checkout.rows).returning({ id: checkouts.id })),
        tx
          .$with('placed_events')
          .as(tx.insert(orderEvents).values(events.rows).returning({ id: orderEvents.id })),
        outboxRowsWith(tx, mails.rows),
      )
      .insert(orders)
      .values(order.rows)
      .returning({ id: orders.id });
  const [row] = await orderPathStatements.run(tx, shape, build, values);
  if (!row) throw new Error('insert into orders returned no row');
}

/**
 * A checkout's events and e-mails (POST /checkout, while the tools' rows are locked) in one
 * statement: the e-mails' INSERT in the WITH of the events'.
 */
export async function insertEventsAndMails(
  tx: Transaction,
  rows: Pick<PlacedOrderRows, 'events' | 'mails'>,
): Promise<void> {
  await tx
    .with(outboxRowsWith(tx, rows.mails))
    .insert(orderEvents)
    .values([...rows.events]);
}

/**
 * What MAX_UNPAID_ORDERS, the hold limit and UNPAID_TOOL_SHARE read, in one query under the
 * account's placement lock, for POST /order, POST /checkout and an accepted quote alike: the
 * checkouts holding unpaid lines (a checkout of many lines is one purchase to pay, as one order
 * was: docs/architecture.md#business-buyers), what those lines come to in cents (unit price times
 * quantity, summed as a bigint: no overflow however large; made to order ones included), the units
 * of stock they hold (made to order ones hold none), and the transaction's own time (`now()`, which
 * the order's created_at will hold: its e-mail can be written before the order is).
 */
export async function selectUnpaidHoldings<const Names extends string>(
  tx: Transaction,
  userId: string,
  alongside: Readonly<Record<Names, ColumnAlongside>>,
): Promise<{
  checkouts: number;
  cents: number;
  units: number;
  now: Date;
  alongside: Record<Names, unknown>;
}> {
  const named = Object.entries<ColumnAlongside>(alongside);
  const columns = {
    ...holdingsColumns,
    ...Object.fromEntries(named.map(([name, { column }]) => [`alongside_${name}`, column])),
  };
  const build = () =>
    tx
      .select(columns)
      .from(orders)
      .where(and(eq(orders.userId, sql.placeholder('userId')), statusIsOneOf(HELD_STATUSES)));
  const shape = named.map(([name, { column }]) => `${name} ${columnId(column)}`).join(', ');
  const values = Object.assign({}, ...named.map(([, { values }]) => values), { userId });
  const [row] = await orderPathStatements.runMapped(
    tx,
    `holdings with ${shape}`,
    build,
    values,
    columns,
  );
  if (!row) throw new Error('the unpaid orders could not be counted');
  const read = row as Record<string, unknown>;
  return {
    checkouts: Number(row.checkouts),
    cents: Number(row.cents),
    units: Number(row.units),
    now: row.now as Date,
    alongside: Object.fromEntries(
      named.map(([name]) => [name, read[`alongside_${name}`]]),
    ) as Record<Names, unknown>,
  };
}

/**
 * Another module's read selected beside the holdings, one round trip for all (the e-mails'
 * readers: OutboxWriter.readersAlongside; the ordered tool: ToolsService.orderedToolAlongside):
 * the same `column` each time, reading `values`.
 */
export type ColumnAlongside = { column: SQL; values: Record<string, unknown> };

/** Each column alongside's own number, for the shape of the statement built around it. */
const columnIds = new WeakMap<SQL, number>();
let columnsSeen = 0;
function columnId(column: SQL): number {
  let id = columnIds.get(column);
  if (id === undefined) {
    columnsSeen += 1;
    id = columnsSeen;
    columnIds.set(column, id);
  }
  return id;
}

const holdingsColumns = {
  checkouts: sql<number>`count(distinct ${orders.checkoutId})::int`,
  cents: sql<string>`coalesce(sum(${orders.unitPriceCents}::bigint * ${orders.quantity}), 0)::text`,
  units: sql<string>`coalesce(sum(${orders.quantity}) filter (where not ${orders.madeToOrder}), 0)::text`,
  now: sql<Date>`now()`.mapWith(orders.createdAt),
};

/** The first key of the advisory locks that serialise one account's order placements. */
const UNPAID_ORDERS_LOCK = 724_502;

/**
 * Takes a lock, held until the transaction ends, that every placement of that user takes first:
 * two orders placed at once by one account are counted (against the cap) and matched (to their
 * Idempotency-Key) one after the other, so neither a burst nor a double click gets past. Other
 * accounts never wait on it.
 */
export async function lockOrderPlacements(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${UNPAID_ORDERS_LOCK}, hashtext(${userId}))`);
}

/**
 * The units of stock an account's unpaid orders hold of each of these tools (made to order ones
 * hold none), by tool id, leaving out the order `exceptOrderId` (one being placed, written before
 * its reservation); a tool it holds none of is left out.
 */
export async function selectHeldUnitsOfTools(
  executor: Executor,
  userId: string,
  toolIds: readonly string[],
  exceptOrderId?: string,
): Promise<Map<string, number>> {
  const rows = await executor
    .select({ toolId: orders.toolId, units: sql<string>`sum(${orders.quantity})::text` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        statusIsOneOf(HELD_STATUSES),
        eq(orders.madeToOrder, false),
        inArray(orders.toolId, [...toolIds]),
        exceptOrderId === undefined ? undefined : ne(orders.id, exceptOrderId),
      ),
    )
    .groupBy(orders.toolId);
  return new Map(rows.map(({ toolId, units }) => [toolId, Number(units)]));
}

/** The order a user placed with this Idempotency-Key, if any (unique per user). */
export async function selectOrderByIdempotencyKey(
  executor: Executor,
  userId: string,
  idempotencyKey: string,
): Promise<OrderRow | undefined> {
  const [row] = await executor
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
  return row;
}

/** A user's orders, newest first. */
export function selectOrdersOfUser(executor: Executor, userId: string): Promise<OrderRow[]> {
  return executor
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** Every order, whoever placed it (an owner removed since included), newest first. */
export function selectAllOrders(executor: Executor): Promise<OrderRow[]> {
  return executor.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id));
}

/**
 * Ships a paid order in one conditional UPDATE: an order that is unpaid, shipped already or gone
 * is left as it is, and resolves to undefined (the caller reads it to say why).
 */
export async function markOrderShipped(
  executor: Executor,
  id: string,
  shippedAt: Date,
  tracking: { carrier: string | null; trackingNumber: string | null } = {
    carrier: null,
    trackingNumber: null,
  },
): Promise<OrderRow | undefined> {
  const [row] = await executor
    .update(orders)
    .set({ status: ORDER_TRANSITIONS.ship.to, shippedAt, ...tracking })
    .where(and(eq(orders.id, id), statusAllows('ship')))
    .returning();
  return row;
}

/**
 * Undoes a shipment (issue 25) in one conditional UPDATE: a shipped order, shipped after
 * `shippedAfter` (the window's start), goes back to paid; its shipping time, carrier and tracking
 * number are cleared. Anything else is left as it is and resolves to undefined.
 */
export async function markOrderUnshipped(
  executor: Executor,
  id: string,
  shippedAfter: Date,
): Promise<OrderRow | undefined> {
  const [row] = await executor
    .update(orders)
    .set({
      status: ORDER_TRANSITIONS.undoShip.to,
      shippedAt: null,
      carrier: null,
      trackingNumber: null,
    })
    .where(and(eq(orders.id, id), statusAllows('undoShip'), gt(orders.shippedAt, shippedAfter)))
    .returning();
  return row;
}

/**
 * An order, locked until the transaction ends: a payment, the expiry sweep or another removal of
 * the same order waits (the sweep skips it), so the decision taken on it stays true.
 */
export async function selectOrderByIdForUpdate(
  tx: Transaction,
  id: string,
): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function deleteOrderById(tx: Transaction, id: string): Promise<number> {
  const deleted = await tx.delete(orders).where(eq(orders.id, id)).returning({ id: orders.id });
  return deleted.length;
}

/** An order by id, if it exists (whoever owns it: the caller decides). */
export async function selectOrderById(
  executor: Executor,
  id: string,
): Promise<OrderRow | undefined> {
  const [row] = await executor.select().from(orders).where(eq(orders.id, id));
  return row;
}

/**
 * A payment under way keeps unpaid orders at least until `until`, once, and never past `ceiling`
 * after each was placed (docs/architecture.md#orders): the first call moves an order's `hold_until`
 * (never shortening it) and sets `hold_extended`; later calls leave the hold where it is. Applies
 * to the unpaid orders `which` selects (one order, or every line of a checkout); resolves to the
 * ids of those that were unpaid.
 */
export async function extendHolds(
  executor: Executor,
  which: SQL,
  until: Date,
  ceiling: { afterPlacingMs: number },
): Promise<{ id: string }[]> {
  const latest = sql`${orders.createdAt} + ${ceiling.afterPlacingMs}::double precision * interval '1 millisecond'`;
  return executor
    .update(orders)
    .set({
      holdUntil: sql`case when ${orders.holdExtended} then ${orders.holdUntil}
        else least(greatest(coalesce(${orders.holdUntil}, ${until}), ${until}), ${latest}) end`,
      holdExtended: true,
    })
    .where(and(which, statusAllows('pay')))
    .returning({ id: orders.id });
}

/** extendHolds for one order: false when it is not unpaid any more (paid, or gone). */
export async function extendHold(
  executor: Executor,
  id: string,
  until: Date,
  ceiling: { afterPlacingMs: number },
): Promise<boolean> {
  return (await extendHolds(executor, eq(orders.id, id), until, ceiling)).length > 0;
}

/** Every unpaid order that an account holds (not those of removed accounts), oldest first. */
export function selectHeldOrders(executor: Executor): Promise<OrderRow[]> {
  return executor
    .select()
    .from(orders)
    .where(and(statusIsOneOf(HELD_STATUSES), isNotNull(orders.userId)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/**
 * Deletes every unpaid order of an account; an order a payment holds is waited for, and left
 * alone once paid. Resolves to the deleted orders' tools and quantities.
 */
export function deleteUnpaidOrdersOfUser(tx: Transaction, userId: string): Promise<OrderRow[]> {
  // Whole rows: each customer is told of their removed order (issue 25).
  return tx
    .delete(orders)
    .where(and(eq(orders.userId, userId), statusAllows('remove')))
    .returning();
}

/** Marks a locked unpaid order paid with its transaction id. */
export async function markOrderPaid(
  tx: Transaction,
  id: string,
  transactionId: string,
  paidAt: Date,
): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ status: ORDER_TRANSITIONS.pay.to, transactionId, paidAt })
    .where(and(eq(orders.id, id), statusAllows('pay')))
    .returning();
  if (!row) throw new Error(`order ${id} was not unpaid when marked paid`);
  return row;
}

/**
 * Deletes up to `limit` unpaid orders created before `cutoff` and not held for a payment past
 * `now`, and any created before `ceilingCutoff` whatever their hold (no hold outlives the
 * ceiling), skipping any that another transaction holds (a payment under way, another
 * instance's sweep): two sweeps at once never take the same order. Resolves to the deleted
 * orders' tools and quantities, and whether each was made to order (its stock was never taken).
 */
export function deleteUnpaidOrdersCreatedBefore(
  tx: Transaction,
  cutoffs: { cutoff: Date; ceilingCutoff: Date },
  now: Date,
  limit: number,
): Promise<{ toolId: string; quantity: number; madeToOrder: boolean }[]> {
  const { cutoff, ceilingCutoff } = cutoffs;
  const expired = tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        statusAllows('expire'),
        lt(orders.createdAt, cutoff),
        or(
          // An order being paid is held an hour past its intent's creation, up to the ceiling.
          isNull(orders.holdUntil),
          lt(orders.holdUntil, now),
          lt(orders.createdAt, ceilingCutoff),
        ),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx.delete(orders).where(inArray(orders.id, expired)).returning({
    toolId: orders.toolId,
    quantity: orders.quantity,
    madeToOrder: orders.madeToOrder,
  });
}

/** The orders placed by accepting these quotes: each quote's order id (one at most: unique). */
export async function selectOrderIdsOfQuotes(
  executor: Executor,
  quoteIds: readonly string[],
): Promise<Map<string, string>> {
  if (quoteIds.length === 0) return new Map();
  const rows = await executor
    .select({ id: orders.id, quoteId: orders.quoteId })
    .from(orders)
    .where(inArray(orders.quoteId, [...quoteIds]));
  return new Map(rows.flatMap(({ id, quoteId }) => (quoteId ? [[quoteId, id] as const] : [])));
}

/** Where a page of the CSV export stopped: its last order's date (to the microsecond) and id. */
export type OrderPageCursor = { createdAt: string; id: string };

/**
 * One page of every order (an owner removed since included), newest first, after `cursor` (the
 * last order of the page before; none for the first page): keyset paging, so each page is one
 * short query however many orders there are. The cursor's date is PostgreSQL's own text of the
 * timestamp, exact to the microsecond (a JavaScript Date would drop the microseconds and skip
 * orders placed in the same millisecond).
 */
export async function selectOrdersPage(
  executor: Executor,
  cursor: OrderPageCursor | undefined,
  limit: number,
): Promise<{
  rows: OrderRow[];
  next: OrderPageCursor | undefined;
}> {
  const page = await executor
    .select({
      order: orders,
      cursorDate: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(orders)
    .where(
      cursor
        ? sql`(${orders.createdAt}, ${orders.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  const last = page.at(-1);
  return {
    rows: page.map(({ order }) => order),
    next:
      last && page.length === limit ? { createdAt: last.cursorDate, id: last.order.id } : undefined,
  };
}
