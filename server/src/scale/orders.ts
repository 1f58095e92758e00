import {
  centsToDollars,
  checkoutReference,
  creditNoteNumber,
  formatMoney,
  invoiceNumber,
  orderReference,
  serverTexts,
  shipmentNumber,
  type OrderStatus,
} from '@tools-factory/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import {
  checkouts,
  creditNotes,
  invoiceLines,
  invoices,
  orderEvents,
  orders,
  paymentIntents,
  payments,
  shipmentLines,
  shipments,
} from '../modules/tables.ts';
import { insertJsonRows, jsonRecords, type JsonRow } from './json-rows.ts';
import type { PlannedCheckout, PlannedLine } from './orders-plan.ts';
import { scaleId } from './random.ts';

/*
 * Writes planned checkouts as the app's services write them (read beside each: the placement
 * pipeline, payments.settle and invoices.issue, order-shipping.ts, order-cancellation.ts), a
 * chunk of checkouts at a time: every table's rows of the chunk in one statement per batch, the
 * order events derived in SQL from the rows just written (millions of them: the JSON of each
 * would be the largest thing sent).
 */

const words = serverTexts.mail;

/** What every chunk needs beside its checkouts. */
export type OrdersWriteContext = {
  seed: number;
  /** The admin who ships, cancels and refunds. */
  adminId: string;
  /** TAX_RATE_PERCENT in basis points, kept on each order. */
  taxRateBasisPoints: number;
};

/** Rows written per table by one chunk. */
export type WrittenRows = Record<string, number>;

/** The payment intent's hold: an hour past its creation (PAYMENT_HOLD_MS in payments). */
const PAYMENT_HOLD_MS = 60 * 60 * 1000;

const iso = (at: Date | null | undefined) => at?.toISOString() ?? null;
const lineCents = (line: PlannedLine) => line.unitPriceCents * line.quantity;
const money = (cents: number) => formatMoney(centsToDollars(cents));

/** A one-line checkout's invoice is named by its order, a larger one by the checkout. */
const invoiceReferenceOf = (checkout: PlannedCheckout) =>
  checkout.lines.length > 1
    ? checkoutReference(checkout.id)
    : orderReference(checkout.lines[0]!.id);

/** The line's state as the services would have left it by now. */
function lineState(checkout: PlannedCheckout, index: number) {
  const line = checkout.lines[index]!;
  const { payment, cancellation, lineCancellation, partRefund } = checkout;
  const carrying = checkout.shipments.filter((shipment) =>
    shipment.parts.some((part) => part.line === index),
  );
  const shippedQuantity = carrying
    .flatMap((shipment) => shipment.parts)
    .filter((part) => part.line === index)
    .reduce((sum, part) => sum + part.quantity, 0);
  const latest = carrying.at(-1);
  const cancelledAt =
    cancellation?.at ?? (lineCancellation?.line === index ? lineCancellation.at : null);
  const refundedCents =
    (cancellation?.refund || lineCancellation?.line === index) && cancelledAt
      ? lineCents(line)
      : partRefund?.line === index
        ? partRefund.cents
        : 0;
  const status: OrderStatus = !payment
    ? 'unpaid'
    : cancelledAt
      ? 'cancelled'
      : shippedQuantity === line.quantity
        ? 'shipped'
        : shippedQuantity > 0
          ? 'partly_shipped'
          : 'paid';
  return { status, shippedQuantity, latest, cancelledAt, refundedCents };
}

function checkoutRow(checkout: PlannedCheckout): JsonRow {
  const { customer } = checkout;
  const shippingRefunded =
    checkout.creditNotes.find((note) => note.kind === 'shipping')?.cents ?? 0;
  return {
    id: checkout.id,
    user_id: customer.id,
    email: customer.email,
    address: customer.address,
    phone: customer.phone,
    po_number: checkout.poNumber,
    company_name: customer.companyName,
    tax_number: customer.taxNumber,
    shipping_cents: checkout.shippingCents,
    shipping_refunded_cents: shippingRefunded,
    idempotency_key: checkout.idempotencyKey,
    request_digest: checkout.requestDigest,
    created_at: iso(checkout.createdAt),
  };
}

function orderRows(checkout: PlannedCheckout, context: OrdersWriteContext): JsonRow[] {
  const { customer, payment } = checkout;
  return checkout.lines.map((line, index) => {
    const state = lineState(checkout, index);
    return {
      id: line.id,
      user_id: customer.id,
      email: customer.email,
      tool_id: line.tool.id,
      tool_name: line.tool.name,
      tool_image: line.tool.image,
      tool_sku: line.tool.sku,
      checkout_id: checkout.id,
      po_number: checkout.poNumber,
      line_number: line.lineNumber,
      unit_price_cents: line.unitPriceCents,
      quantity: line.quantity,
      address: customer.address,
      phone: customer.phone,
      status: state.status,
      transaction_id: payment?.intentId ?? null,
      paid_at: iso(payment?.at),
      shipped_quantity: state.shippedQuantity,
      refunded_cents: state.refundedCents,
      shipped_at: iso(state.latest?.at),
      carrier: state.latest?.carrier ?? null,
      tracking_number: state.latest?.trackingNumber ?? null,
      tax_rate_basis_points: context.taxRateBasisPoints,
      cancelled_at: iso(state.cancelledAt),
      created_at: iso(checkout.createdAt),
      // Paying extends the hold once, an hour past the intent (order-hold.ts).
      hold_until: payment ? iso(new Date(payment.intentAt.getTime() + PAYMENT_HOLD_MS)) : null,
      hold_extended: payment !== null,
    };
  });
}

/** The columns of each table as the batches send them. */
const COLUMNS = {
  checkouts: {
    id: 'uuid',
    user_id: 'text',
    email: 'text',
    address: 'text',
    phone: 'text',
    po_number: 'text',
    company_name: 'text',
    tax_number: 'text',
    shipping_cents: 'int',
    shipping_refunded_cents: 'int',
    idempotency_key: 'text',
    request_digest: 'text',
    created_at: 'timestamptz',
  },
  orders: {
    id: 'uuid',
    user_id: 'text',
    email: 'text',
    tool_id: 'uuid',
    tool_name: 'text',
    tool_image: 'text',
    tool_sku: 'text',
    checkout_id: 'uuid',
    po_number: 'text',
    line_number: 'int',
    unit_price_cents: 'int',
    quantity: 'int',
    address: 'text',
    phone: 'text',
    status: 'text',
    transaction_id: 'text',
    paid_at: 'timestamptz',
    shipped_quantity: 'int',
    refunded_cents: 'bigint',
    shipped_at: 'timestamptz',
    carrier: 'text',
    tracking_number: 'text',
    tax_rate_basis_points: 'int',
    cancelled_at: 'timestamptz',
    created_at: 'timestamptz',
    hold_until: 'timestamptz',
    hold_extended: 'boolean',
  },
  paymentIntents: {
    id: 'text',
    order_id: 'uuid',
    checkout_id: 'uuid',
    user_id: 'text',
    gateway: 'text',
    amount_cents: 'int',
    client_secret: 'text',
    idempotency_key: 'text',
    status: 'text',
    created_at: 'timestamptz',
  },
  payments: {
    id: 'uuid',
    order_id: 'uuid',
    transaction_id: 'text',
    amount_cents: 'int',
    created_at: 'timestamptz',
  },
  invoices: {
    id: 'uuid',
    year: 'int',
    sequence: 'int',
    number: 'text',
    order_id: 'uuid',
    order_reference: 'text',
    buyer_name: 'text',
    buyer_email: 'text',
    buyer_address: 'text',
    buyer_phone: 'text',
    buyer_company: 'text',
    buyer_tax_number: 'text',
    checkout_id: 'uuid',
    po_number: 'text',
    shipping_cents: 'int',
    total_cents: 'bigint',
    transaction_id: 'text',
    paid_at: 'timestamptz',
    issued_at: 'timestamptz',
  },
  invoiceLines: {
    invoice_id: 'uuid',
    position: 'int',
    order_id: 'uuid',
    order_reference: 'text',
    sku: 'text',
    tool_name: 'text',
    quantity: 'int',
    unit_price_cents: 'int',
    total_cents: 'bigint',
    made_to_order: 'boolean',
  },
  shipments: {
    id: 'uuid',
    sequence: 'int',
    checkout_id: 'uuid',
    carrier: 'text',
    tracking_number: 'text',
    shipped_at: 'timestamptz',
    shipped_by: 'text',
  },
  shipmentLines: { shipment_id: 'uuid', order_id: 'uuid', quantity: 'int' },
  creditNotes: {
    id: 'uuid',
    year: 'int',
    sequence: 'int',
    number: 'text',
    invoice_id: 'uuid',
    invoice_number: 'text',
    order_id: 'uuid',
    order_reference: 'text',
    buyer_name: 'text',
    buyer_email: 'text',
    buyer_address: 'text',
    buyer_company: 'text',
    buyer_tax_number: 'text',
    tool_name: 'text',
    quantity: 'int',
    unit_price_cents: 'int',
    kind: 'text',
    total_cents: 'bigint',
    refund_id: 'text',
    issued_at: 'timestamptz',
  },
} as const;

/** The payment's rows of a paid checkout: intent, a payment per line, the invoice and its lines. */
function paymentRows(checkout: PlannedCheckout, seed: number) {
  const { payment, customer, lines } = checkout;
  if (!payment) return undefined;
  const first = lines[0]!;
  const totalCents = lines.reduce((sum, line) => sum + lineCents(line), 0) + checkout.shippingCents;
  const intent: JsonRow = {
    id: payment.intentId,
    order_id: first.id,
    checkout_id: checkout.id,
    user_id: customer.id,
    gateway: 'test',
    amount_cents: totalCents,
    client_secret: payment.clientSecret,
    idempotency_key: `checkout-${checkout.id}-amount-${totalCents}`,
    status: 'succeeded',
    created_at: iso(payment.intentAt),
  };
  // The payment rows take the transaction's start, a moment before the lines are marked paid.
  const recordedAt = iso(new Date(payment.at.getTime() - 2));
  const linePayments: JsonRow[] = lines.map((line) => ({
    id: scaleId(seed, 'payment', line.id),
    order_id: line.id,
    transaction_id: payment.intentId,
    amount_cents: lineCents(line),
    created_at: recordedAt,
  }));
  const invoice: JsonRow = {
    id: payment.invoiceId,
    year: payment.invoiceYear,
    sequence: payment.invoiceSequence,
    number: invoiceNumber(payment.invoiceYear, payment.invoiceSequence),
    order_id: first.id,
    order_reference: invoiceReferenceOf(checkout),
    buyer_name: customer.name,
    buyer_email: customer.email,
    buyer_address: customer.address,
    buyer_phone: customer.phone,
    buyer_company: customer.companyName,
    buyer_tax_number: customer.taxNumber,
    checkout_id: checkout.id,
    po_number: checkout.poNumber,
    shipping_cents: checkout.shippingCents,
    total_cents: totalCents,
    transaction_id: payment.intentId,
    paid_at: iso(payment.at),
    issued_at: iso(payment.at),
  };
  const invoiceLineRows: JsonRow[] = lines.map((line, index) => ({
    invoice_id: payment.invoiceId,
    position: index + 1,
    order_id: line.id,
    order_reference: orderReference(line.id),
    sku: line.tool.sku,
    tool_name: line.tool.name,
    quantity: line.quantity,
    unit_price_cents: line.unitPriceCents,
    total_cents: lineCents(line),
    made_to_order: false,
  }));
  return { intent, linePayments, invoice, invoiceLineRows };
}

function creditNoteRows(checkout: PlannedCheckout): JsonRow[] {
  const { payment, customer } = checkout;
  if (!payment) return [];
  return checkout.creditNotes.map((note) => {
    const line = checkout.lines[note.line]!;
    const shipping = note.kind === 'shipping';
    return {
      id: note.id,
      year: note.year,
      sequence: note.sequence,
      number: creditNoteNumber(note.year, note.sequence),
      invoice_id: payment.invoiceId,
      invoice_number: invoiceNumber(payment.invoiceYear, payment.invoiceSequence),
      order_id: line.id,
      order_reference: shipping ? invoiceReferenceOf(checkout) : orderReference(line.id),
      buyer_name: customer.name,
      buyer_email: customer.email,
      buyer_address: customer.address,
      buyer_company: customer.companyName,
      buyer_tax_number: customer.taxNumber,
      tool_name: shipping ? serverTexts.invoice.shipping : line.tool.name,
      quantity: shipping ? 1 : line.quantity,
      unit_price_cents: shipping ? note.cents : line.unitPriceCents,
      kind: note.kind,
      total_cents: note.cents,
      refund_id: note.refundId,
      issued_at: iso(note.at),
    };
  });
}

/**
 * The timeline entries an admin's acts wrote (order-cancellation.ts): each with the e-mail it
 * sent. A checkout cancelled whole mails once for all its lines; a line's cancellation or part
 * refund mails about that order.
 */
function adminEventRows(checkout: PlannedCheckout, adminId: string): JsonRow[] {
  const { cancellation, lineCancellation, partRefund } = checkout;
  const noteOf = (line: number, kind: 'cancellation' | 'refund') =>
    checkout.creditNotes.find((note) => note.line === line && note.kind === kind);
  const noteDetail = (note: { id: string; year: number; sequence: number; cents: number }) => ({
    creditNote: creditNoteNumber(note.year, note.sequence),
    creditNoteId: note.id,
    amount: money(note.cents),
  });
  if (cancellation) {
    const subject = words.checkoutCancelled.subject(
      checkoutReference(checkout.id),
      cancellation.refund,
    );
    return checkout.lines.map((line, index) => {
      const note = noteOf(index, 'cancellation');
      return {
        order_id: line.id,
        kind: 'cancelled',
        actor_id: adminId,
        detail: note ? noteDetail(note) : { refund: 'none' },
        subject,
        created_at: iso(cancellation.at),
      };
    });
  }
  const rows: JsonRow[] = [];
  if (lineCancellation) {
    const line = checkout.lines[lineCancellation.line]!;
    const note = noteOf(lineCancellation.line, 'cancellation');
    rows.push({
      order_id: line.id,
      kind: 'cancelled',
      actor_id: adminId,
      detail: note ? noteDetail(note) : { refund: 'none' },
      subject: words.orderCancelled.subject(orderReference(line.id)),
      created_at: iso(lineCancellation.at),
    });
  }
  if (partRefund) {
    const line = checkout.lines[partRefund.line]!;
    const note = noteOf(partRefund.line, 'refund');
    if (note) {
      rows.push({
        order_id: line.id,
        kind: 'refunded',
        actor_id: adminId,
        detail: noteDetail(note),
        subject: words.orderRefunded.subject(money(partRefund.cents), orderReference(line.id)),
        created_at: iso(partRefund.at),
      });
    }
  }
  return rows;
}

/**
 * Every order's placing and payment on its timeline, each with its e-mail (the placement
 * pipeline's step 7, payments.settle's announcement), from the order rows of these checkouts.
 */
async function insertPlacedAndPaidEvents(
  executor: Executor,
  subjects: readonly JsonRow[],
): Promise<number> {
  const records = jsonRecords(JSON.stringify(subjects), {
    checkout_id: 'uuid',
    placed: 'text',
    paid: 'text',
  });
  const result = await executor.execute(sql`
    insert into ${orderEvents} (order_id, kind, actor_id, detail, created_at)
    select o.id, e.kind, e.actor_id, e.detail, e.created_at
    from ${records}
    join ${orders} o on o.checkout_id = r.checkout_id
    cross join lateral (values
      ('placed', o.user_id, jsonb_build_object('checkoutId', o.checkout_id::text), o.created_at),
      ('email', null, jsonb_build_object('subject', r.placed), o.created_at),
      ('paid', o.user_id, jsonb_build_object('transactionId', o.transaction_id), o.paid_at),
      ('email', null, jsonb_build_object('subject', r.paid),
        o.paid_at + interval '6 milliseconds')
    ) as e(kind, actor_id, detail, created_at)
    where e.created_at is not null`);
  return rowCount(result);
}

/** Each shipped line's entry (order-shipping.ts) and its e-mail, from the shipments written. */
async function insertShippedEvents(
  executor: Executor,
  subjects: readonly JsonRow[],
): Promise<number> {
  const records = jsonRecords(JSON.stringify(subjects), {
    shipment_id: 'uuid',
    number: 'text',
    subject: 'text',
  });
  const result = await executor.execute(sql`
    insert into ${orderEvents} (order_id, kind, actor_id, detail, created_at)
    select l.order_id, e.kind, e.actor_id, e.detail, s.shipped_at
    from ${records}
    join ${shipments} s on s.id = r.shipment_id
    join ${shipmentLines} l on l.shipment_id = s.id
    cross join lateral (values
      ('shipped', s.shipped_by, jsonb_strip_nulls(jsonb_build_object(
        'shipment', r.number, 'quantity', l.quantity::text,
        'carrier', s.carrier, 'trackingNumber', s.tracking_number))),
      ('email', null, jsonb_build_object('subject', r.subject))
    ) as e(kind, actor_id, detail)`);
  return rowCount(result);
}

async function insertAdminEvents(executor: Executor, rows: readonly JsonRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const records = jsonRecords(JSON.stringify(rows), {
    order_id: 'uuid',
    kind: 'text',
    actor_id: 'text',
    detail: 'jsonb',
    subject: 'text',
    created_at: 'timestamptz',
  });
  const result = await executor.execute(sql`
    insert into ${orderEvents} (order_id, kind, actor_id, detail, created_at)
    select r.order_id, e.kind, e.actor_id, e.detail, r.created_at
    from ${records}
    cross join lateral (values
      (r.kind, r.actor_id, r.detail),
      ('email', null, jsonb_build_object('subject', r.subject))
    ) as e(kind, actor_id, detail)`);
  return rowCount(result);
}

/** Rows an INSERT reports: pg's `rowCount`, PGlite's `affectedRows`. */
function rowCount(result: unknown): number {
  const counted = result as { rowCount?: number | null; affectedRows?: number };
  return counted.rowCount ?? counted.affectedRows ?? 0;
}

/** Times each table's statements and counts their rows, across chunks. */
export type TableTimer = <T extends number>(table: string, write: () => Promise<T>) => Promise<T>;

/** Writes one chunk of planned checkouts (in time order) and everything they led to. */
export async function writeCheckouts(
  executor: Executor,
  chunk: readonly PlannedCheckout[],
  context: OrdersWriteContext,
  time: TableTimer,
): Promise<void> {
  const placed = chunk.filter((checkout) => checkout.lines.length > 0);
  const paid = placed.flatMap((checkout) => {
    const rows = paymentRows(checkout, context.seed);
    return rows ? [rows] : [];
  });
  const shipped = placed.flatMap((checkout) =>
    checkout.shipments.map((shipment) => ({ checkout, shipment })),
  );

  await time('checkouts', () =>
    insertJsonRows(executor, checkouts, COLUMNS.checkouts, chunk.map(checkoutRow)),
  );
  await time('orders', () =>
    insertJsonRows(
      executor,
      orders,
      COLUMNS.orders,
      placed.flatMap((checkout) => orderRows(checkout, context)),
    ),
  );
  await time('payment_intents', () =>
    insertJsonRows(
      executor,
      paymentIntents,
      COLUMNS.paymentIntents,
      paid.map((p) => p.intent),
    ),
  );
  await time('payments', () =>
    insertJsonRows(
      executor,
      payments,
      COLUMNS.payments,
      paid.flatMap((p) => p.linePayments),
    ),
  );
  await time('invoices', () =>
    insertJsonRows(
      executor,
      invoices,
      COLUMNS.invoices,
      paid.map((p) => p.invoice),
    ),
  );
  await time('invoice_lines', () =>
    insertJsonRows(
      executor,
      invoiceLines,
      COLUMNS.invoiceLines,
      paid.flatMap((p) => p.invoiceLineRows),
    ),
  );
  await time('shipments', () =>
    insertJsonRows(
      executor,
      shipments,
      COLUMNS.shipments,
      shipped.map(({ checkout, shipment }) => ({
        id: shipment.id,
        sequence: shipment.sequence,
        checkout_id: checkout.id,
        carrier: shipment.carrier,
        tracking_number: shipment.trackingNumber,
        shipped_at: iso(shipment.at),
        shipped_by: context.adminId,
      })),
    ),
  );
  await time('shipment_lines', () =>
    insertJsonRows(
      executor,
      shipmentLines,
      COLUMNS.shipmentLines,
      shipped.flatMap(({ checkout, shipment }) =>
        shipment.parts.map((part) => ({
          shipment_id: shipment.id,
          order_id: checkout.lines[part.line]!.id,
          quantity: part.quantity,
        })),
      ),
    ),
  );
  await time('credit_notes', () =>
    insertJsonRows(executor, creditNotes, COLUMNS.creditNotes, placed.flatMap(creditNoteRows)),
  );
  await time('order_events', async () => {
    const subjects = placed.map((checkout) => {
      const reference = checkoutReference(checkout.id);
      return {
        checkout_id: checkout.id,
        placed: words.checkout.placed.subject(reference),
        paid: words.checkout.paid.subject(reference),
      };
    });
    const shipmentSubjects = shipped.map(({ checkout, shipment }) => {
      const number = shipmentNumber(shipment.sequence);
      return {
        shipment_id: shipment.id,
        number,
        subject: serverTexts.shipmentMail.subject(number, checkoutReference(checkout.id)),
      };
    });
    const admin = placed.flatMap((checkout) => adminEventRows(checkout, context.adminId));
    return (
      (await insertPlacedAndPaidEvents(executor, subjects)) +
      (await insertShippedEvents(executor, shipmentSubjects)) +
      (await insertAdminEvents(executor, admin))
    );
  });
}
