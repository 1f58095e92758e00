import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { LOW_STOCK_FACTOR } from '@tools-factory/contract';
import type { Executor, Transaction } from '../../db/client.ts';
import { unitPriceCentsOf } from './price-breaks.repository.ts';
import { stockMovements, type StockMovementReason } from './stock-movements.table.ts';
import type { ToolRow } from './tools.repository.ts';
import { tools } from './tools.table.ts';

// A tool's stock: what orders read of a tool and take from it (reserve, return), the admins'
// movements by hand and the low-stock threshold. Every movement is one conditional UPDATE whose
// row lock queues it with the others.

/** What an order needs of its tool: identity, the snapshot fields, price and the stock rule. */
export type OrderableTool = {
  id: string;
  name: string;
  sku: string;
  image: string;
  priceCents: number;
  minOrderQuantity: number;
  availableQuantity: number;
};

const orderableToolColumns = {
  id: tools.id,
  name: tools.name,
  sku: tools.sku,
  image: tools.image,
  priceCents: tools.priceCents,
  minOrderQuantity: tools.minOrderQuantity,
  availableQuantity: tools.availableQuantity,
};

/**
 * The tool's low-stock threshold, as the reservations return it: its own, else the default of
 * defaultLowStockThreshold (contract/src/low-stock.ts), stated again here so that the order's one
 * UPDATE returns it (tools.low-stock.test.ts proves the two agree).
 */
const effectiveLowStockThreshold = sql<number>`coalesce(${tools.lowStockThreshold}, ${sql.raw(
  String(LOW_STOCK_FACTOR),
)} * ${tools.minOrderQuantity})`.mapWith(Number);

/**
 * A tool as a reservation leaves it: after the stock was taken, with its low-stock threshold and
 * the stock version the UPDATE set (what the catalog snapshot is patched with after the commit).
 */
export type ReservedTool = OrderableTool & { lowStockThreshold: number; stockVersion: number };

const reservedToolColumns = {
  ...orderableToolColumns,
  lowStockThreshold: effectiveLowStockThreshold.as('low_stock_threshold'),
  stockVersion: tools.stockVersion,
};

/**
 * The UPDATE every stock movement runs: `change` units into the tool's stock (negative: taken
 * out), and its version bumped with it (see tools.stockVersion). The caller adds its condition
 * and what it returns.
 */
function moveStock(tx: Transaction, change: number | SQL) {
  return tx.update(tools).set({
    availableQuantity: sql`${tools.availableQuantity} + ${change}`,
    stockVersion: sql`${tools.stockVersion} + 1`,
    updatedAt: sql`now()`,
  });
}

/** A tool's stock as an UPDATE that moved it left it. */
export type MovedStock = {
  id: string;
  availableQuantity: number;
  stockVersion: number;
  /** False for an archived tool (its stock is kept right, but it is not on sale). */
  onSale: boolean;
};

/** How a client names the tool it orders: by id, or by its exact name in any case. */
export type ToolReference = { id: string } | { name: string };

/** How a reference names its tool, and the id or the name it gives. */
function namingOf(reference: ToolReference): { by: 'id' | 'name'; value: string } {
  return 'id' in reference
    ? { by: 'id', value: reference.id }
    : { by: 'name', value: reference.name };
}

/**
 * The condition on the tool a reference names: its id, or its exact name in any case. `value` is
 * the id or the name, or a placeholder for it (a statement built once).
 */
function isTool(by: 'id' | 'name', value: string | Placeholder) {
  return by === 'id' ? eq(tools.id, value) : sql`lower(${tools.name}) = lower(${value})`;
}

/** A tool on sale (not archived), by id or by exact name in any case. */
export async function selectLiveTool(
  executor: Executor,
  reference: ToolReference,
): Promise<OrderableTool | undefined> {
  const { by, value } = namingOf(reference);
  const [row] = await executor
    .select(orderableToolColumns)
    .from(tools)
    .where(and(isTool(by, value), isNull(tools.archivedAt)));
  return row;
}

/**
 * POST /order's reservation, unrun: takes `quantity` out of the tool's stock in one conditional
 * UPDATE, only while the tool is on sale and the quantity is strictly between its minimum and
 * what is available at this very moment. The row lock makes concurrent reservations queue, and
 * each one re-checks the condition against the stock the previous one left: no oversell. The
 * same statement prices the quantity from the tool's breaks, under that lock (held until the
 * transaction ends: no break edit slips in before the order is written), and returns the tool as
 * it is after the reservation (with its low-stock threshold) and that unit price; no row when
 * nothing was reserved. The orders module runs it as the first part of the statement that writes
 * the order (orders.repository.ts, insertOrderReservingStock): here its shape for builtOnce, the
 * UPDATE (built from placeholders) and the values for them.
 */
export function reservationOf(tx: Transaction, request: { tool: ToolReference; quantity: number }) {
  const { by, value } = namingOf(request.tool);
  const build = () => {
    const placeholder = sql.placeholder(QUANTITY);
    return moveStock(tx, sql`-${placeholder}::int`)
      .where(
        and(
          isTool(by, sql.placeholder('tool')),
          isNull(tools.archivedAt),
          lt(tools.minOrderQuantity, sql`${placeholder}::int`),
          gt(tools.availableQuantity, sql`${placeholder}::int`),
        ),
      )
      .returning(pricedReservationColumns);
  };
  return { shape: `by ${by}`, build, values: { tool: value, [QUANTITY]: request.quantity } };
}

export type ReservationStatement = ReturnType<typeof reservationOf>;

/**
 * reservationOf run as a statement of its own: the tool as the reservation left it and the unit
 * price of the quantity, or undefined when nothing was reserved. For a placement that writes its
 * order only once its total is judged (a company buyer's monthly limit, issue 44).
 */
export async function reserveAlone(
  tx: Transaction,
  request: { tool: ToolReference; quantity: number },
): Promise<PricedReservation | undefined> {
  const { build, values } = reservationOf(tx, request);
  const [row] = await build().prepare('').execute(values);
  return row;
}

/** The reservation's placeholder for the quantity ordered. */
const QUANTITY = 'quantity';

/** A tool as its reservation leaves it, and the unit price, in cents, of the quantity reserved. */
export type PricedReservation = ReservedTool & { unitPriceCents: number };

/**
 * What the reservation returns: the tool, and the unit price of the quantity the order takes,
 * read in the UPDATE that locks the tool's row rather than in a statement after it (every other
 * buyer of the tool waits on that lock).
 */
const pricedReservationColumns = {
  ...reservedToolColumns,
  // Named, as every expression it returns, so that a WITH can select it.
  unitPriceCents: unitPriceCentsOf(sql.placeholder(QUANTITY)).as('unit_price_cents'),
};

/**
 * A checkout's reservations (docs/architecture.md) in two statements, whatever the number of
 * lines: the tools' rows locked in the order of their ids (one SELECT ... FOR NO KEY UPDATE: every
 * checkout takes them in that order, so two sharing tools never wait on each other in a ring),
 * then one conditional UPDATE of all of them, each line by the purchase rule as reservationOf has
 * it. Resolves to the tools reserved; a line whose tool is missing is one that could not be.
 * `lines` name each tool once.
 */
export async function reserveStockOfLines(
  tx: Transaction,
  lines: readonly { toolId: string; quantity: number }[],
): Promise<ReservedTool[]> {
  if (lines.length === 0) return [];
  await tx
    .select({ id: tools.id })
    .from(tools)
    .where(
      inArray(
        tools.id,
        lines.map((line) => line.toolId),
      ),
    )
    .orderBy(asc(tools.id))
    // Not FOR UPDATE: the placed orders' foreign-key checks hold FOR KEY SHARE on their tools
    // from their INSERT to their commit (an accepted quote's made-to-order order, which
    // reserves nothing), which this weaker lock (what an UPDATE of the stock takes anyway) does
    // not wait on.
    .for('no key update');
  const wanted = sql.join(
    lines.map((line) => sql`(${line.toolId}::uuid, ${line.quantity}::int)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    update tools set
      available_quantity = tools.available_quantity - wanted.quantity,
      stock_version = tools.stock_version + 1,
      updated_at = now()
    from (values ${wanted}) as wanted (tool_id, quantity)
    where tools.id = wanted.tool_id
      and tools.archived_at is null
      and tools.min_order_quantity < wanted.quantity
      and tools.available_quantity > wanted.quantity
    returning tools.id, tools.name, tools.sku, tools.image, tools.price_cents,
      tools.min_order_quantity, tools.available_quantity, tools.stock_version,
      ${effectiveLowStockThreshold} as low_stock_threshold`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return result.rows.map((row) => ({
    id: String(row.id),
    name: String(row.name),
    sku: String(row.sku),
    image: String(row.image),
    priceCents: Number(row.price_cents),
    minOrderQuantity: Number(row.min_order_quantity),
    availableQuantity: Number(row.available_quantity),
    lowStockThreshold: Number(row.low_stock_threshold),
    stockVersion: Number(row.stock_version),
  }));
}

/**
 * Puts `quantity` back into the tool's stock (archived tools too: their count stays right);
 * resolves to the stock it left, or undefined when no tool has this id.
 */
export async function returnStock(
  tx: Transaction,
  toolId: string,
  quantity: number,
): Promise<MovedStock | undefined> {
  const [row] = await moveStock(tx, quantity)
    .where(eq(tools.id, toolId))
    .returning({
      id: tools.id,
      availableQuantity: tools.availableQuantity,
      stockVersion: tools.stockVersion,
      onSale: sql<boolean>`${tools.archivedAt} is null`.mapWith(Boolean),
    });
  return row;
}

/**
 * For an order placed by accepting a quote: takes `quantity` out of the tool's stock when at
 * least that much is available (the price and the quantity were agreed: no minimum, and the last
 * unit may go), in one conditional UPDATE whose row lock queues concurrent reservations.
 * Resolves to the tool after it (with its low-stock threshold); undefined when the stock is
 * short, or when the tool has left the catalog (archived: none of its stock is on sale): nothing
 * is taken, and the order is made to order.
 */
export async function reserveQuotedStock(
  tx: Transaction,
  toolId: string,
  quantity: number,
): Promise<ReservedTool | undefined> {
  const [row] = await moveStock(tx, -quantity)
    .where(
      and(eq(tools.id, toolId), isNull(tools.archivedAt), gte(tools.availableQuantity, quantity)),
    )
    .returning(reservedToolColumns);
  return row;
}

/**
 * Sets the low-stock threshold of a tool on sale (null: the default again); the tool as it is
 * then, or undefined when no tool on sale has this id.
 */
export async function updateLowStockThreshold(
  executor: Executor,
  id: string,
  lowStockThreshold: number | null,
): Promise<ToolRow | undefined> {
  const [row] = await executor
    .update(tools)
    .set({ lowStockThreshold, updatedAt: sql`now()` })
    .where(and(eq(tools.id, id), isNull(tools.archivedAt)))
    .returning();
  return row;
}

/**
 * Moves a tool on sale's stock by `delta` units (negative: out) in one conditional UPDATE that
 * never takes it below zero nor past `maximum` (the column is an int4: the sum is checked as a
 * bigint, where it cannot overflow): the row lock queues it with the orders' reservations, and
 * each re-checks its condition against the stock the previous one left. The tool after it (with
 * the version the catalog is patched with), or undefined when nothing moved.
 */
export async function adjustStock(
  tx: Transaction,
  toolId: string,
  delta: number,
  maximum: number,
): Promise<ToolRow | undefined> {
  const after = sql`${tools.availableQuantity}::bigint + ${delta}::bigint`;
  const [row] = await moveStock(tx, delta)
    .where(
      and(
        eq(tools.id, toolId),
        isNull(tools.archivedAt),
        sql`${after} between 0 and ${maximum}::bigint`,
      ),
    )
    .returning();
  return row;
}

export type StockMovementRow = typeof stockMovements.$inferSelect;

/** Records a movement by hand, in the transaction of the UPDATE that made it. */
export async function insertStockMovement(
  tx: Transaction,
  values: {
    toolId: string;
    actorId: string;
    delta: number;
    reason: StockMovementReason;
    note: string;
    stockAfter: number;
  },
): Promise<StockMovementRow> {
  const [row] = await tx.insert(stockMovements).values(values).returning();
  if (!row) throw new Error('insert into stock_movements returned no row');
  return row;
}

/** A tool's movements by hand, newest first. */
export function selectStockMovements(
  executor: Executor,
  toolId: string,
): Promise<StockMovementRow[]> {
  return executor
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.toolId, toolId))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id));
}
