import { HELD_STATUSES, ORDER_TRANSITIONS, SPENDING_STATUSES } from '@tools-factory/contract';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  is,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
  SQL,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { builtOnce, placeholderRows } from '../../db/driver-adapter.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import type { ReadersColumn } from '../../mail/outbox.ts';
import type { NewOutboxRow } from '../../mail/outbox.repository.ts';
import type { NewRecipeRow } from '../../mail/outbox-writer.ts';
import { outboxMessages } from '../../mail/outbox.table.ts';
import type { CheckoutRow, NewCheckoutRow } from '../checkouts/checkout-row.ts';
import type { PricedReservation, ReservationStatement } from '../tools/tools.service.ts';
// A placement's checkout is written in the statement of its orders (insertCheckoutWithOrders,
// insertOrderReservingStock): a statement fewer under the tools' row locks, for the bench rows
// their comments name; POST /order's shipping follows its price (setCheckoutShipping). Nothing
// else here reads or writes the checkouts module's table.
// eslint-disable-next-line import-x/no-restricted-paths -- that one fused statement
import { checkouts } from '../checkouts/checkouts.table.ts';
import {
  addressesLockedOfAccountSql,
  poNumberRequiredOfAccountSql,
  taxExemptOfAccountSql,
  companyOfAccountSql,
  spendingLimitOfAccountSql,
} from '../companies/companies-of-orders.ts';
import { orderEvents } from './order-events.table.ts';
import { isLiveOrder, statusAllows, statusIsOneOf } from './order-status-conditions.ts';
import { orders } from './orders.table.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
type NewOrderEventRow = typeof orderEvents.$inferInsert;

/**
 * The placement pipeline's statements (order-pipeline.ts), each built once (db/driver-adapter.ts): the
 * placement lock and the holdings; and apart, so that checkouts of many sizes never crowd those
 * out, its INSERTs by the rows each writes (the checkout with its orders, their events with their
 * e-mails).
 */
const placementStatements = builtOnce();
const placementInserts = builtOnce();

/** A placement's checkout, its id drawn by the caller so that its orders name it. */
export type NewPlacedCheckout = NewCheckoutRow & { id: string };

/** Each column named by its key, with a prefix: one flat selection of several rows side by side. */
function prefixed<Fields extends Record<string, unknown>>(prefix: string, fields: Fields) {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [`${prefix}${key}`, field]),
  ) as Record<string, PgColumn | SQL | SQL.Aliased>;
}

/** The keys of one prefix, taken out of a row of a prefixed selection. */
function unprefixed(prefix: string, row: Record<string, unknown>): Record<string, unknown> {
  const taken: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith(prefix)) taken[key.slice(prefix.length)] = value;
  }
  return taken;
}

/** The prefixes of a placement's rows in its statement's one flat selection. */
const ORDER_PREFIX = 'order_';
const CHECKOUT_PREFIX = 'checkout_';

/**
 * Every column of the checkout its statement inserted, as a column of that statement's RETURNING
 * (a scalar subquery of its WITH), decoded as the checkouts table decodes it; beside the orders'.
 */
const placedOrderColumns = {
  ...prefixed(ORDER_PREFIX, getTableColumns(orders)),
  ...prefixed(
    CHECKOUT_PREFIX,
    Object.fromEntries(
      Object.entries(getTableColumns(checkouts)).map(([key, column]) => [
        key,
        sql`(select ${sql.identifier(column.name)} from placed_checkout)`.mapWith(column),
      ]),
    ),
  ),
};

/**
 * A placement's checkout and its orders (one per line, in the order given), in one statement: the
 * checkout's INSERT a WITH of the orders', each row as the database made it (RETURNING: its
 * defaults, its created_at). One statement rather than two because the checkout writes it while
 * its tools' rows are locked (bench rows "POST /api/checkout (PGlite|PostgreSQL), checkouts/s").
 */
export async function insertCheckoutWithOrders(
  tx: Transaction,
  checkout: NewPlacedCheckout,
  lines: readonly (NewOrderRow & { checkoutId: string })[],
): Promise<{ checkout: CheckoutRow; orders: OrderRow[] }> {
  const values: Record<string, unknown> = {};
  const checkoutRows = placeholderRows('c', [checkout], values);
  const lineRows = placeholderRows('o', lines, values);
  const build = () =>
    tx
      .with(
        tx.$with('placed_checkout').as(tx.insert(checkouts).values(checkoutRows.rows).returning()),
      )
      .insert(orders)
      .values(lineRows.rows)
      .returning(placedOrderColumns);
  const rows = await placementInserts.runMapped(
    tx,
    `placed ${checkoutRows.shape} ${lineRows.shape}`,
    build,
    values,
    placedOrderColumns,
  );
  if (rows.length !== lines.length) throw new Error('insert into orders returned too few rows');
  const [first] = rows;
  if (!first) throw new Error('insert into checkouts returned no row');
  const checkoutRow = unprefixed(CHECKOUT_PREFIX, first) as CheckoutRow;
  const orderRows = rows.map((row) => unprefixed(ORDER_PREFIX, row) as OrderRow);
  return { checkout: checkoutRow, orders: orderRows };
}

/**
 * POST /order's checkout, written in its order's statement before the line's price was known:
 * the shipping that price is charged (issue 42), in the same transaction.
 */
export async function setCheckoutShipping(
  tx: Transaction,
  checkoutId: string,
  shippingCents: number | null,
): Promise<CheckoutRow> {
  const [row] = await tx
    .update(checkouts)
    .set({ shippingCents })
    .where(eq(checkouts.id, checkoutId))
    .returning();
  if (!row) throw new Error('the placed checkout is gone');
  return row;
}

/**
 * An order's row as `to_jsonb` wrote it (the data of its placed e-mails' recipes), decoded as a
 * query's row is: by each column's name, with the column's own decoder.
 */
export function orderRowOfJson(json: Record<string, unknown>): OrderRow {
  return Object.fromEntries(
    Object.entries(getTableColumns(orders)).map(([key, column]) => {
      const value = json[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as OrderRow;
}

/** An event of a placed order, the order's id and time given by the statement writing both. */
export type PlacedOrderEvent = Pick<NewOrderEventRow, 'kind' | 'actorId' | 'detail'>;

/** What POST /order's line keeps besides what its reservation and its checkout give it. */
export type ReservedOrderColumns = Pick<
  NewOrderRow,
  'taxRateBasisPoints' | 'taxMode' | 'idempotencyKey' | 'requestDigest'
>;

/**
 * A field the reservation's UPDATE computes, named with its CTE (unqualified, the order's own
 * unit_price_cents would shadow it). Those fields are integers (the unit price, the low-stock
 * threshold): decoded as numbers.
 */
function inReserved(field: SQL.Aliased): SQL {
  return sql`${sql.identifier('reserved')}.${sql.identifier(field.fieldAlias)}`;
}

/**
 * POST /order's placement, steps 5 to 7 (order-pipeline.ts) in one statement, for the bench row
 * "POST /api/order (PostgreSQL), orders/s": the tool's row is locked from its reservation to the
 * commit, so every statement between them is one every other buyer of the tool waits for. A WITH
 * of the tools module's reservation (its UPDATE ... RETURNING, tools.reservationOf), the
 * checkout's INSERT, the order's INSERT ... SELECT of what those two returned (the tool's
 * snapshot and unit price, the checkout's buyer, address and PO), and INSERT ... SELECTs of that
 * order: its events, and its e-mails as recipes of its row (docs/decisions/050). The rows as the
 * database made them. Undefined when the UPDATE reserved nothing: no order, event or e-mail is
 * written then, and the checkout written beside it goes with the transaction the caller rolls
 * back.
 */
export async function insertOrderReservingStock(
  tx: Transaction,
  reservation: ReservationStatement,
  checkout: NewPlacedCheckout,
  order: ReservedOrderColumns & { id: string },
  written: { events: readonly PlacedOrderEvent[]; mails: readonly NewRecipeRow[] },
): Promise<{ checkout: CheckoutRow; order: OrderRow; reserved: PricedReservation } | undefined> {
  const values: Record<string, unknown> = {
    ...reservation.values,
    placedEvents: JSON.stringify(
      written.events.map(({ kind, actorId, detail }) => ({
        kind,
        actor_id: actorId ?? null,
        detail: detail ?? {},
      })),
    ),
    placedMails: JSON.stringify(written.mails),
  };
  const checkoutRows = placeholderRows('c', [checkout], values);
  const given = Object.entries(order).filter(([, value]) => value !== undefined);
  for (const [key, value] of given) values[`o_${key}`] = value;

  const reserved = tx.$with('reserved').as(reservation.build());
  const placedCheckout = tx
    .$with('placed_checkout')
    .as(tx.insert(checkouts).values(checkoutRows.rows).returning());
  const orderColumns = getTableColumns(orders);
  const copied: Record<string, SQL> = {
    userId: sql`${placedCheckout.userId}`,
    email: sql`${placedCheckout.email}`,
    checkoutId: sql`${placedCheckout.id}`,
    companyId: sql`${placedCheckout.companyId}`,
    poNumber: sql`${placedCheckout.poNumber}`,
    address: sql`${placedCheckout.address}`,
    phone: sql`${placedCheckout.phone}`,
    toolId: sql`${reserved.id}`,
    toolSku: sql`${reserved.sku}`,
    toolName: sql`${reserved.name}`,
    toolImage: sql`${reserved.image}`,
    unitPriceCents: inReserved(reserved.unitPriceCents),
    quantity: sql`${sql.placeholder('quantity')}::int`,
    ...Object.fromEntries(
      given.map(([key]) => {
        const type = sql.raw(orderColumns[key as keyof typeof orderColumns].getSQLType());
        return [key, sql`${sql.placeholder(`o_${key}`)}::${type}`];
      }),
    ),
  };
  const keys = Object.keys(copied) as (keyof typeof orderColumns)[];
  const placedOrder = tx.$with('placed_order', orderColumns).as(
    sql`insert into ${orders} (${sql.join(
      keys.map((key) => sql.identifier(orderColumns[key].name)),
      sql`, `,
    )}) select ${sql.join(
      keys.map((key) => copied[key]!),
      sql`, `,
    )} from ${reserved} cross join ${placedCheckout} returning *`,
  );
  // The order's events, and its e-mails as recipes of the order's row (rendered as they leave),
  // one of each per element of their JSON arrays; none when no order was written.
  const placedEvents = tx.$with('placed_events', { id: orderEvents.id }).as(
    sql`insert into ${orderEvents} (order_id, kind, actor_id, detail, created_at)
      select placed_order.id, event.kind, event.actor_id, event.detail, placed_order.created_at
      from ${placedOrder} cross join jsonb_to_recordset(${sql.placeholder('placedEvents')}::jsonb)
        as event(kind text, actor_id text, detail jsonb)
      returning id`,
  );
  const placedMails = tx.$with('placed_mails', { id: outboxMessages.id }).as(
    sql`insert into ${outboxMessages} (origin, "to", recipe, about)
      select mail.origin, mail."to",
        mail.recipe || jsonb_build_object('data', jsonb_build_object('order', to_jsonb(placed_order))),
        mail.about || jsonb_build_object('orderId', placed_order.id)
      from ${placedOrder} cross join jsonb_to_recordset(${sql.placeholder('placedMails')}::jsonb)
        as mail(origin text, "to" text, recipe jsonb, about jsonb)
      returning id`,
  );
  const selection = {
    ...prefixed(ORDER_PREFIX, placedOrder._.selectedFields),
    ...prefixed(CHECKOUT_PREFIX, placedCheckout._.selectedFields),
    ...prefixed(
      'tool_',
      Object.fromEntries(
        Object.entries(reserved._.selectedFields).map(([key, field]) => [
          key,
          is(field, SQL.Aliased) ? inReserved(field).mapWith(Number) : field,
        ]),
      ),
    ),
  };
  const shape = `reserving ${reservation.shape} ${checkoutRows.shape} o[${keys.join(',')}]`;
  const [row] = await placementInserts.runMapped(
    tx,
    shape,
    () =>
      tx
        .with(reserved, placedCheckout, placedOrder, placedEvents, placedMails)
        .select(selection)
        .from(placedOrder)
        .crossJoin(placedCheckout)
        .crossJoin(reserved),
    values,
    selection,
  );
  if (!row) return undefined;
  return {
    checkout: unprefixed(CHECKOUT_PREFIX, row) as CheckoutRow,
    order: unprefixed(ORDER_PREFIX, row) as OrderRow,
    reserved: unprefixed('tool_', row) as PricedReservation,
  };
}

/**
 * A placement's events and e-mails in one statement (the e-mails' INSERT a WITH of the events'),
 * written from the rows insertCheckoutWithOrders returned, while the tools' rows are locked.
 */
export async function insertEventsAndMails(
  tx: Transaction,
  events: readonly NewOrderEventRow[],
  mails: readonly NewOutboxRow[],
): Promise<void> {
  const values: Record<string, unknown> = {};
  const eventRows = placeholderRows('e', events, values);
  const mailRows = placeholderRows('m', mails, values);
  if (mailRows.rows.length === 0) {
    await placementInserts.run(
      tx,
      `events ${eventRows.shape}`,
      () => tx.insert(orderEvents).values(eventRows.rows),
      values,
    );
    return;
  }
  const build = () =>
    tx
      .with(
        tx
          .$with('placed_mails')
          .as(tx.insert(outboxMessages).values(mailRows.rows).returning({ id: outboxMessages.id })),
      )
      .insert(orderEvents)
      .values(eventRows.rows);
  await placementInserts.run(tx, `events ${eventRows.shape} ${mailRows.shape}`, build, values);
}

/** What MAX_UNPAID_ORDERS, the hold limit and UNPAID_TOOL_SHARE read of an account. */
export type UnpaidHoldings = { checkouts: number; cents: number; units: number };

/**
 * What MAX_UNPAID_ORDERS, the hold limit and UNPAID_TOOL_SHARE read, under the account's placement
 * lock, for POST /order, POST /checkout and an accepted quote alike: the checkouts holding unpaid
 * lines (a checkout of many lines is one purchase to pay, as one order was:
 * docs/architecture.md#business-buyers), what those lines come to in cents (unit price times
 * quantity, summed as a bigint: no overflow however large; made to order ones included), and the
 * units of stock they hold (made to order ones hold none).
 *
 * With `readers`, the same statement also selects the e-mails' readers (one round trip fewer for
 * every order and checkout that writes e-mails): bench rows "POST /api/order (PGlite), orders/s",
 * "POST /api/order (PostgreSQL), orders/s" and "POST /api/checkout (PGlite), checkouts/s".
 */
export async function selectHoldingsAndReaders(
  tx: Transaction,
  userId: string,
  readers?: Pick<ReadersColumn, 'column' | 'values'>,
): Promise<{
  holdings: UnpaidHoldings;
  readers: unknown;
  companyId: string | null;
  spendingLimitCents: number | null;
  addressesLocked: boolean;
  poNumberRequired: boolean;
  taxExempt: boolean;
}> {
  const columns = readers ? { ...holdingsColumns, readers: readers.column } : holdingsColumns;
  const build = () =>
    tx
      .select(columns)
      .from(orders)
      .where(and(eq(orders.userId, sql.placeholder('userId')), statusIsOneOf(HELD_STATUSES)));
  const [row] = await placementStatements.runMapped(
    tx,
    readers ? 'holdings and readers' : 'holdings',
    build,
    { ...readers?.values, userId },
    columns,
  );
  if (!row) throw new Error('the unpaid orders could not be counted');
  return {
    holdings: {
      checkouts: Number(row.checkouts),
      cents: Number(row.cents),
      units: Number(row.units),
    },
    readers: (row as Record<string, unknown>).readers,
    companyId: typeof row.companyId === 'string' ? row.companyId : null,
    spendingLimitCents:
      row.spendingLimitCents === null || row.spendingLimitCents === undefined
        ? null
        : Number(row.spendingLimitCents),
    addressesLocked: row.addressesLocked === true || row.addressesLocked === 't',
    poNumberRequired: row.poNumberRequired === true || row.poNumberRequired === 't',
    taxExempt: row.taxExempt === true || row.taxExempt === 't',
  };
}

const holdingsColumns = {
  // The company account the buyer belongs to now (issue 44): the checkout is the company's.
  companyId: companyOfAccountSql(sql.placeholder('userId')),
  // A buyer's monthly limit (issue 44): null for almost every account, and then nothing more is
  // read; otherwise the placement reads the month's spending (selectSpentThisMonthCents).
  spendingLimitCents: spendingLimitOfAccountSql(sql.placeholder('userId')),
  // Whether the company ships only to its own addresses (issue 44): a typed one is refused.
  addressesLocked: addressesLockedOfAccountSql(sql.placeholder('userId')),
  // Whether the company asks for a PO number on every checkout (issue 45).
  poNumberRequired: poNumberRequiredOfAccountSql(sql.placeholder('userId')),
  // Whether the company is tax-exempt (issue 45): its orders are booked reverse charge.
  taxExempt: taxExemptOfAccountSql(sql.placeholder('userId')),
  checkouts: sql<number>`count(distinct ${orders.checkoutId})::int`,
  cents: sql<string>`coalesce(sum(${orders.unitPriceCents}::bigint * ${orders.quantity}), 0)::text`,
  units: sql<string>`coalesce(sum(${orders.quantity}) filter (where not ${orders.madeToOrder}), 0)::text`,
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
 * hold none), by tool id; a tool it holds none of is left out.
 */
export async function selectHeldUnitsOfTools(
  executor: Executor,
  userId: string,
  toolIds: readonly string[],
  exceptCheckoutId?: string,
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
        exceptCheckoutId === undefined ? undefined : ne(orders.checkoutId, exceptCheckoutId),
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

/** A user's orders, newest first; a checkout's lines (one moment) in the buyer's order. */
export function selectOrdersOfUser(executor: Executor, userId: string): Promise<OrderRow[]> {
  return executor
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), isLiveOrder()))
    .orderBy(desc(orders.createdAt), asc(orders.lineNumber), desc(orders.id));
}

/**
 * Every order that has not ended, whoever placed it (an owner removed since included), newest
 * first; a checkout's lines (one moment) in the buyer's order.
 */
export function selectAllOrders(executor: Executor): Promise<OrderRow[]> {
  return executor
    .select()
    .from(orders)
    .where(isLiveOrder())
    .orderBy(desc(orders.createdAt), asc(orders.lineNumber), desc(orders.id));
}

/**
 * An order that has not ended, locked until the transaction ends: a payment, the expiry sweep or
 * another removal of the same order waits (the sweep skips it), so the decision taken on it stays
 * true. A removed or expired one reads as gone.
 */
export async function selectOrderByIdForUpdate(
  tx: Transaction,
  id: string,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), isLiveOrder()))
    .for('update');
  return row;
}

/**
 * What ending an unpaid order sets (issue 44: no order is deleted): its status, when, and its
 * Idempotency-Key given back, so that the same key places anew, as it did while ended orders were
 * deleted.
 */
function endedAs(transition: 'remove' | 'expire' | 'reject', at: Date | SQL) {
  return {
    status: ORDER_TRANSITIONS[transition].to,
    endedAt: at,
    idempotencyKey: null,
    requestDigest: null,
  };
}

/** Ends an unpaid order as removed; resolves to it, or undefined when it was not unpaid. */
export async function markOrderRemoved(
  tx: Transaction,
  id: string,
  at: Date,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set(endedAs('remove', at))
    .where(and(eq(orders.id, id), statusAllows('remove')))
    .returning();
  return row;
}

/**
 * An order by id, if it exists (whoever owns it: the caller decides); a removed or expired one
 * only when `ended` says so (an admin's order page: its timeline).
 */
export async function selectOrderById(
  executor: Executor,
  id: string,
  options: { ended?: boolean } = {},
): Promise<OrderRow | undefined> {
  const [row] = await executor
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), options.ended ? undefined : isLiveOrder()));
  return row;
}

/** When an order's hold started: its approval by its company (issue 44), else its placing. */
const heldSince = sql`coalesce(${orders.approvedAt}, ${orders.createdAt})`;

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
  const latest = sql`${heldSince} + ${ceiling.afterPlacingMs}::double precision * interval '1 millisecond'`;
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
 * Ends every unpaid order of an account as removed; an order a payment holds is waited for, and
 * left alone once paid. Resolves to the removed orders.
 */
export function markUnpaidOrdersOfUserRemoved(
  tx: Transaction,
  userId: string,
  at: Date,
): Promise<OrderRow[]> {
  // Whole rows: each customer is told of their removed order (issue 25).
  return tx
    .update(orders)
    .set(endedAs('remove', at))
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
 * The lines of an invoice on account its last payment settled (issue 45), in one UPDATE: each
 * not settled before and still sold gets its `paid_at` and the bank reference as its transaction
 * id; one not shipped yet turns paid (ORDER_TRANSITIONS.settle), one shipped keeps its status.
 * A line cancelled meanwhile was credited, not paid, and is left as it is.
 */
export function markOrdersSettled(
  tx: Transaction,
  ids: readonly string[],
  transactionId: string,
  paidAt: Date,
): Promise<OrderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .update(orders)
    .set({
      status: sql`case when ${statusAllows('settle')} then ${ORDER_TRANSITIONS.settle.to} else ${orders.status} end`,
      transactionId,
      paidAt,
    })
    .where(
      and(
        inArray(orders.id, [...ids]),
        isNull(orders.paidAt),
        statusIsOneOf([
          ...ORDER_TRANSITIONS.settle.from,
          ORDER_TRANSITIONS.ship.to,
          ORDER_TRANSITIONS.shipPart.to,
        ]),
      ),
    )
    .returning();
}

/**
 * Ends as expired up to `limit` unpaid orders created before `cutoff` and not held for a payment
 * past `now`, and any created before `ceilingCutoff` whatever their hold (no hold outlives the
 * ceiling), skipping any that another transaction holds (a payment under way, another
 * instance's sweep): two sweeps at once never take the same order. Resolves to the expired
 * orders (their tools, quantities and whether each was made to order: its stock was never
 * taken; their buyers and checkouts, for the e-mail).
 */
export function markUnpaidOrdersCreatedBeforeExpired(
  tx: Transaction,
  cutoffs: { cutoff: Date; ceilingCutoff: Date },
  now: Date,
  limit: number,
): Promise<OrderRow[]> {
  const { cutoff, ceilingCutoff } = cutoffs;
  const expired = tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        statusAllows('expire'),
        // Its hold starts when it was placed, or again when its company approved it (issue 44);
        // placed before the cutoff first, so that the partial index of held orders answers.
        lt(orders.createdAt, cutoff),
        or(isNull(orders.approvedAt), lt(orders.approvedAt, cutoff)),
        or(
          // An order being paid is held an hour past its intent's creation, up to the ceiling.
          isNull(orders.holdUntil),
          lt(orders.holdUntil, now),
          lt(heldSince, ceilingCutoff),
        ),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(orders)
    .set(endedAs('expire', now))
    .where(inArray(orders.id, expired))
    .returning();
}

/** The checkout of the order each of these quotes placed, by quote id (those that have one). */
export async function selectCheckoutIdsOfQuotes(
  executor: Executor,
  quoteIds: readonly string[],
): Promise<Map<string, string>> {
  if (quoteIds.length === 0) return new Map();
  const rows = await executor
    .select({ checkoutId: orders.checkoutId, quoteId: orders.quoteId })
    .from(orders)
    .where(and(inArray(orders.quoteId, [...quoteIds]), isLiveOrder()));
  return new Map(
    rows.flatMap(({ checkoutId, quoteId }) => (quoteId ? [[quoteId, checkoutId] as const] : [])),
  );
}

export async function selectOrderIdsOfQuotes(
  executor: Executor,
  quoteIds: readonly string[],
): Promise<Map<string, string>> {
  if (quoteIds.length === 0) return new Map();
  const rows = await executor
    .select({ id: orders.id, quoteId: orders.quoteId })
    .from(orders)
    .where(and(inArray(orders.quoteId, [...quoteIds]), isLiveOrder()));
  return new Map(rows.flatMap(({ id, quoteId }) => (quoteId ? [[quoteId, id] as const] : [])));
}

/** The first instant of the calendar month (UTC) of the database's clock, as orders' created_at is. */
const monthStart = sql`(date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')`;

/**
 * What counts against each of these accounts' monthly limits (issue 44), in cents: the goods of
 * their orders placed this calendar month (UTC) in SPENDING_STATUSES (not awaiting approval, nor
 * removed, rejected or expired). Read off the index of an account's orders by date; an account
 * that spent nothing is left out.
 */
export async function selectSpentThisMonthCents(
  executor: Executor,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await spentThisMonthQuery(executor, userIds);
  return new Map(rows.map(({ userId, cents }) => [userId, Number(cents)]));
}

/** selectSpentThisMonthCents' statement, apart so that a test reads its plan. */
export function spentThisMonthQuery(executor: Executor, userIds: readonly string[]) {
  return executor
    .select({
      userId: sql<string>`${orders.userId}`,
      cents: sql<string>`sum(${orders.unitPriceCents}::bigint * ${orders.quantity})::text`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.userId, [...userIds]),
        sql`${orders.createdAt} >= ${monthStart}`,
        statusIsOneOf(SPENDING_STATUSES),
      ),
    )
    .groupBy(orders.userId);
}

/**
 * The orders of a company's checkouts awaiting approval, oldest first: off their own partial
 * index, whatever the company's history.
 */
export function selectAwaitingOrdersOfCompany(
  executor: Executor,
  companyId: string,
): Promise<OrderRow[]> {
  return awaitingOrdersOfCompanyQuery(executor, companyId);
}

/** selectAwaitingOrdersOfCompany's statement, apart so that a test reads its plan. */
export function awaitingOrdersOfCompanyQuery(executor: Executor, companyId: string) {
  return (
    executor
      .select()
      .from(orders)
      .where(and(eq(orders.companyId, companyId), statusAllows('approve')))
      // In the index's order; each checkout's lines are put in their order by its reader.
      .orderBy(asc(orders.createdAt), asc(orders.checkoutId))
  );
}

/**
 * A company admin's decision on a checkout awaiting approval (issue 44): every line of it, if it
 * is the company's and still waiting (one conditional UPDATE: two admins deciding at once, or a
 * decision racing the buyer's removal or the expiry sweep, change it once). Approved, its lines
 * are unpaid and held afresh from `at`; rejected, they end. Resolves to the lines changed.
 */
export function decideAwaitingCheckout(
  tx: Transaction,
  which: { checkoutId: string; companyId: string },
  decision: 'approve' | 'approveOnAccount' | 'reject',
  at: Date,
): Promise<OrderRow[]> {
  return tx
    .update(orders)
    .set(
      decision === 'reject'
        ? endedAs('reject', at)
        : { status: ORDER_TRANSITIONS[decision].to, approvedAt: at },
    )
    .where(
      and(
        eq(orders.checkoutId, which.checkoutId),
        eq(orders.companyId, which.companyId),
        statusAllows(decision),
      ),
    )
    .returning();
}

/**
 * The checkout's row, read in the decision's transaction: how it is paid (issue 45: one on
 * account is invoiced when approved) and what its invoice copies.
 */
export async function selectCheckoutRow(
  executor: Executor,
  checkoutId: string,
): Promise<CheckoutRow | undefined> {
  const [row] = await executor.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  return row;
}

/** Whether the checkout is one of the company's (whatever its status): 409 rather than 404. */
export async function isCheckoutOfCompany(
  executor: Executor,
  checkoutId: string,
  companyId: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.companyId, companyId)))
    .limit(1);
  return row !== undefined;
}

/**
 * How many checkouts each of these companies has (live ones) and how many of them await
 * approval, for the shop admins' Companies page; a company with none is left out.
 */
export async function selectCheckoutCountsOfCompanies(
  executor: Executor,
  companyIds: readonly string[],
): Promise<Map<string, { checkouts: number; awaitingApproval: number }>> {
  if (companyIds.length === 0) return new Map();
  const rows = await executor
    .select({
      companyId: sql<string>`${orders.companyId}`,
      checkouts: sql<number>`count(distinct ${orders.checkoutId})::int`,
      awaitingApproval: sql<number>`count(distinct ${orders.checkoutId}) filter (where ${statusAllows('approve')})::int`,
    })
    .from(orders)
    .where(and(inArray(orders.companyId, [...companyIds]), isLiveOrder()))
    .groupBy(orders.companyId);
  return new Map(
    rows.map((row) => [
      row.companyId,
      { checkouts: Number(row.checkouts), awaitingApproval: Number(row.awaitingApproval) },
    ]),
  );
}
