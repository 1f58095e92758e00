import { ORDER_TRANSITIONS } from '@tools-factory/contract';
import { and, asc, desc, eq, gt, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor, Transaction } from '../../db/client.ts';
import { statusAllows } from './order-status-conditions.ts';
import type { OrderRow } from './orders.repository.ts';
import { orders } from './orders.table.ts';
import { shipmentLines, shipments } from './shipments.table.ts';

export type ShipmentRow = typeof shipments.$inferSelect;

/** A shipment's line as its documents show it: the order's tool as ordered, and how many left. */
export type ShipmentLineRow = {
  shipmentId: string;
  orderId: string;
  toolName: string;
  toolSku: string;
  quantity: number;
};

export type ShipmentWithLines = ShipmentRow & { lines: ShipmentLineRow[] };

type Tracking = { carrier: string | null; trackingNumber: string | null };

/** A new shipment of a checkout, numbered by the sequence. */
export async function insertShipment(
  tx: Transaction,
  shipment: Tracking & { checkoutId: string; shippedAt: Date; shippedBy: string },
): Promise<ShipmentRow> {
  const [row] = await tx.insert(shipments).values(shipment).returning();
  if (!row) throw new Error('INSERT ... RETURNING gave no shipment');
  return row;
}

export async function insertShipmentLines(
  tx: Transaction,
  lines: readonly { shipmentId: string; orderId: string; quantity: number }[],
): Promise<void> {
  if (lines.length > 0) await tx.insert(shipmentLines).values([...lines]);
}

/**
 * `quantity` more of the order shipped, in one conditional UPDATE: only while it may ship (paid,
 * or partly shipped) and only up to what it ordered. Shipped whole, it is shipped; else partly
 * shipped. Its shipping time, carrier and tracking number become this shipment's. Anything else
 * changes nothing and resolves to undefined.
 */
export async function addShippedQuantity(
  tx: Transaction,
  orderId: string,
  quantity: number,
  shipment: Tracking & { shippedAt: Date },
): Promise<OrderRow | undefined> {
  const shippedNow = sql`${orders.shippedQuantity} + ${quantity}`;
  const [row] = await tx
    .update(orders)
    .set({
      shippedQuantity: shippedNow,
      status: sql`case when ${shippedNow} = ${orders.quantity} then ${ORDER_TRANSITIONS.ship.to} else ${ORDER_TRANSITIONS.shipPart.to} end`,
      shippedAt: shipment.shippedAt,
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
    })
    .where(
      and(eq(orders.id, orderId), statusAllows('ship'), sql`${shippedNow} <= ${orders.quantity}`),
    )
    .returning();
  return row;
}

/** The column of the order's latest standing shipment (null when none stands). */
function ofLatestStandingShipment(column: PgColumn): SQL {
  return sql`(select ${column} from ${shipmentLines} join ${shipments} on ${shipments.id} = ${shipmentLines.shipmentId} where ${shipmentLines.orderId} = ${orders.id} and ${shipments.undoneAt} is null order by ${shipments.shippedAt} desc, ${shipments.sequence} desc limit 1)`;
}

/**
 * An undone shipment's `quantity` of the order is to ship again, in one conditional UPDATE (run
 * after the shipment is marked undone): only while shipped in part or whole. Nothing left shipped,
 * it is paid again (invoiced again when on account and not settled); else partly shipped, showing its latest standing shipment. Anything else
 * (cancelled, refunded, disputed since) changes nothing and resolves to undefined.
 */
export async function removeShippedQuantity(
  tx: Transaction,
  orderId: string,
  quantity: number,
): Promise<OrderRow | undefined> {
  const shippedNow = sql`${orders.shippedQuantity} - ${quantity}`;
  const [row] = await tx
    .update(orders)
    .set({
      shippedQuantity: shippedNow,
      // Nothing left shipped: paid again, or invoiced again while its invoice on account is
      // open (issue 45: the money received is its paid_at).
      status: sql`case when ${shippedNow} > 0 then ${ORDER_TRANSITIONS.shipPart.to} when ${orders.paidAt} is null then ${ORDER_TRANSITIONS.undoShipOnAccount.to} else ${ORDER_TRANSITIONS.undoShip.to} end`,
      shippedAt: ofLatestStandingShipment(shipments.shippedAt),
      carrier: ofLatestStandingShipment(shipments.carrier),
      trackingNumber: ofLatestStandingShipment(shipments.trackingNumber),
    })
    .where(
      and(eq(orders.id, orderId), statusAllows('undoShip'), gte(orders.shippedQuantity, quantity)),
    )
    .returning();
  return row;
}

/**
 * Marks a standing shipment undone, if it left after `shippedAfter` (the undo window's start), in
 * one conditional UPDATE: two undos at once, one wins. Anything else resolves to undefined.
 */
export async function markShipmentUndone(
  tx: Transaction,
  id: string,
  undone: { at: Date; by: string; shippedAfter: Date },
): Promise<ShipmentRow | undefined> {
  const [row] = await tx
    .update(shipments)
    .set({ undoneAt: undone.at, undoneBy: undone.by })
    .where(
      and(
        eq(shipments.id, id),
        isNull(shipments.undoneAt),
        gt(shipments.shippedAt, undone.shippedAfter),
      ),
    )
    .returning();
  return row;
}

export async function selectShipmentById(
  executor: Executor,
  id: string,
): Promise<ShipmentRow | undefined> {
  const [row] = await executor.select().from(shipments).where(eq(shipments.id, id));
  return row;
}

/** The lines of these shipments, in the order their orders were placed. */
async function selectLinesOf(
  executor: Executor,
  shipmentIds: readonly string[],
): Promise<ShipmentLineRow[]> {
  if (shipmentIds.length === 0) return [];
  return executor
    .select({
      shipmentId: shipmentLines.shipmentId,
      orderId: shipmentLines.orderId,
      toolName: orders.toolName,
      toolSku: orders.toolSku,
      quantity: shipmentLines.quantity,
    })
    .from(shipmentLines)
    .innerJoin(orders, eq(orders.id, shipmentLines.orderId))
    .where(inArray(shipmentLines.shipmentId, [...shipmentIds]))
    .orderBy(asc(orders.lineNumber), asc(orders.createdAt), asc(orders.toolId));
}

/** One shipment with its lines. */
export async function selectShipmentWithLines(
  executor: Executor,
  id: string,
): Promise<ShipmentWithLines | undefined> {
  const shipment = await selectShipmentById(executor, id);
  if (!shipment) return undefined;
  return { ...shipment, lines: await selectLinesOf(executor, [shipment.id]) };
}

/** Every shipment of a checkout, undone ones too, newest first, each with its lines. */
export async function selectShipmentsOfCheckout(
  executor: Executor,
  checkoutId: string,
): Promise<ShipmentWithLines[]> {
  const rows = await executor
    .select()
    .from(shipments)
    .where(eq(shipments.checkoutId, checkoutId))
    .orderBy(desc(shipments.shippedAt), desc(shipments.sequence));
  const lines = await selectLinesOf(
    executor,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    lines: lines.filter((line) => line.shipmentId === row.id),
  }));
}

/** The standing shipments that took part of an order, newest first (the spec's Undo of one order). */
export async function selectStandingShipmentsOfOrder(
  executor: Executor,
  orderId: string,
): Promise<ShipmentRow[]> {
  return executor
    .select({ shipment: shipments })
    .from(shipmentLines)
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .where(and(eq(shipmentLines.orderId, orderId), isNull(shipments.undoneAt)))
    .orderBy(desc(shipments.shippedAt), desc(shipments.sequence))
    .then((rows) => rows.map((row) => row.shipment));
}
