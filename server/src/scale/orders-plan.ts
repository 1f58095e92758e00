import { reachedPriceBreak, shippingChargeOf, type ShippingRates } from '@tools-factory/contract';
import { createOrderCalendar, nextWorkingMoment } from './calendar.ts';
import type { ScaleCustomer } from './customers.ts';
import { scaleId, seededRandom, shuffledIndexes, type Random } from './random.ts';
import type { ScaleTool } from './tools.ts';

/*
 * The year of orders, planned in Node before anything is written: which customer placed which
 * checkout when, its lines, and what happened to it since (paid, shipped in one or two
 * shipments, cancelled, refunded in part, left unpaid and expired). Planned whole because the
 * shop's numbers run in time order across every checkout: invoices by the moment of payment,
 * credit notes by their issue, shipments as they left. orders.ts writes the plan as the app's
 * services would have written it.
 */

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** How many lines a checkout has (1 to 12), by weight: many single lines, some long carts. */
const LINE_COUNT_WEIGHTS = [38, 16, 11, 8, 6, 5, 4, 3, 3, 2, 2, 2].map(
  (weight, index) => [index + 1, weight] as const,
);

/** Share of checkouts never paid: after ORDER_HOLD_HOURS the sweep deletes their lines. */
const ABANDONED_SHARE = 0.06;
/** Of the paid checkouts: cancelled whole by an admin before shipping, refunded or not. */
const CANCELLED_REFUNDED_SHARE = 0.03;
const CANCELLED_KEPT_SHARE = 0.004;
/** Of the checkouts shipped in full: one line refunded in part, or cancelled and refunded. */
const PART_REFUND_SHARE = 0.02;
const LINE_CANCEL_SHARE = 0.012;
/** Of the shipped checkouts: shipped in two shipments (half the lines, or part of the one). */
const SPLIT_SHIPMENT_SHARE = 0.12;
/** The most one line comes to, in cents: business buyers order a lot, not a fortune a line. */
const LINE_CAP_CENTS = 2_500_000;

const CARRIERS = [
  ['DHL', 25],
  ['UPS', 20],
  ['DPD', 20],
  ['Royal Mail', 15],
  ['FedEx', 10],
  ['Parcelforce', 5],
  [null, 5],
] as const;

export type PlannedLine = {
  id: string;
  lineNumber: number;
  tool: ScaleTool;
  quantity: number;
  unitPriceCents: number;
};

export type PlannedShipment = {
  id: string;
  /** Its number (SH-00042) in the order shipments left, across the shop. */
  sequence: number;
  at: Date;
  carrier: string | null;
  trackingNumber: string | null;
  /** What left: lines of its checkout (their index) and how many of each. */
  parts: { line: number; quantity: number }[];
};

/** Money given back: a line's cancellation, a part of a line, or the checkout's shipping. */
export type PlannedCreditNote = {
  id: string;
  year: number;
  sequence: number;
  at: Date;
  kind: 'cancellation' | 'refund' | 'shipping';
  /** The line it credits (the first line for the shipping). */
  line: number;
  cents: number;
  refundId: string;
};

export type PlannedCheckout = {
  ordinal: number;
  id: string;
  customer: ScaleCustomer;
  createdAt: Date;
  poNumber: string;
  idempotencyKey: string;
  requestDigest: string;
  /** Null: never paid. With no lines: abandoned long ago, its lines deleted by the expiry. */
  lines: PlannedLine[];
  shippingCents: number;
  payment: {
    at: Date;
    intentAt: Date;
    intentId: string;
    clientSecret: string;
    invoiceId: string;
    invoiceYear: number;
    invoiceSequence: number;
  } | null;
  shipments: PlannedShipment[];
  /** Every line cancelled by an admin, before anything shipped; `refund`: money given back. */
  cancellation: { at: Date; refund: boolean } | null;
  /** One line cancelled and refunded after the checkout shipped. */
  lineCancellation: { line: number; at: Date } | null;
  /** Part of one line's amount given back, the line standing. */
  partRefund: { line: number; at: Date; cents: number } | null;
  creditNotes: PlannedCreditNote[];
};

export type OrdersPlanOptions = {
  orders: number;
  seed: number;
  now: Date;
  tools: readonly ScaleTool[];
  customers: readonly ScaleCustomer[];
  /** ORDER_HOLD_HOURS: unpaid checkouts older than this are gone (the sweep's). */
  orderHoldHours: number;
  /** MAX_UNPAID_ORDERS and UNPAID_HOLD_LIMIT (cents): what one account may hold unpaid. */
  maxUnpaidCheckouts: number;
  unpaidHoldLimitCents: number;
  shippingRates: ShippingRates;
};

export type OrdersPlan = {
  checkouts: PlannedCheckout[];
  /** Per year, the last invoice and credit note numbers used. */
  invoiceSequences: Map<number, number>;
  creditNoteSequences: Map<number, number>;
  lastShipmentSequence: number;
};

const lineCents = (line: PlannedLine) => line.unitPriceCents * line.quantity;

/** A skewed pick of 0 .. count - 1 through a permutation: a few are chosen far more often. */
function skewedPick(order: Int32Array, random: Random, power: number): number {
  return order[Math.floor(order.length * random.next() ** power)]!;
}

function trackingNumberOf(carrier: string, random: Random): string {
  const digits = (count: number) =>
    Array.from({ length: count }, () => String(random.int(0, 9))).join('');
  switch (carrier) {
    case 'UPS':
      return `1Z${random.hex(8).toUpperCase()}`;
    case 'Royal Mail':
      return `${random.pick(['RB', 'TT', 'FB'])}${digits(9)}GB`;
    case 'FedEx':
      return digits(12);
    case 'DPD':
      return digits(14);
    default:
      return digits(10);
  }
}

/** The lines of a checkout: distinct tools on sale at `at`, each above its minimum. */
function planLines(
  count: number,
  at: Date,
  options: OrdersPlanOptions,
  toolOrder: Int32Array,
  random: Random,
  nextLineId: () => string,
): PlannedLine[] {
  const chosen = new Set<number>();
  const lines: PlannedLine[] = [];
  for (let tries = 0; lines.length < count && tries < count * 20; tries += 1) {
    const index = skewedPick(toolOrder, random, 2);
    const tool = options.tools[index]!;
    if (chosen.has(index) || (tool.archivedAt && tool.archivedAt <= at)) continue;
    chosen.add(index);
    const minimum = tool.minOrderQuantity;
    let quantity = minimum + 1 + Math.floor(Math.max(minimum, 2) * 6 * random.next() ** 3);
    if (quantity * tool.priceCents > LINE_CAP_CENTS) {
      quantity = Math.max(minimum + 1, Math.floor(LINE_CAP_CENTS / tool.priceCents));
    }
    const unitPriceCents =
      reachedPriceBreak(tool.priceBreaks, quantity)?.priceCents ?? tool.priceCents;
    lines.push({ id: nextLineId(), lineNumber: lines.length + 1, tool, quantity, unitPriceCents });
  }
  return lines;
}

/** How long after placing a checkout is paid: mostly minutes, some hours, a few the next day. */
function paymentDelayMs(random: Random, holdHours: number): number {
  const band = random.next();
  const minutes =
    band < 0.7
      ? random.int(1, 15)
      : band < 0.95
        ? random.int(15, 6 * 60)
        : random.int(6 * 60, 40 * 60);
  // Never past the hold: an order unpaid then is deleted, not paid.
  return Math.min(minutes * MINUTE_MS, holdHours * 0.9 * HOUR_MS);
}

function planShipments(
  checkout: PlannedCheckout,
  paidAt: Date,
  random: Random,
  nextShipmentId: () => string,
): PlannedShipment[] {
  const carrier = random.weighted(CARRIERS);
  const tracking = () => (carrier ? trackingNumberOf(carrier, random) : null);
  // Packed within hours of the payment mostly, within three days at the latest.
  const packingHours = 2 + 70 * random.next() ** 2;
  const first = nextWorkingMoment(new Date(paidAt.getTime() + packingHours * HOUR_MS), random);
  const lines = checkout.lines;
  const whole = lines.map((line, index) => ({ line: index, quantity: line.quantity }));
  const onlyLine = lines[0]!;
  const splits = random.chance(SPLIT_SHIPMENT_SHARE) && (lines.length > 1 || onlyLine.quantity > 1);
  if (!splits) {
    return [
      {
        id: nextShipmentId(),
        sequence: 0,
        at: first,
        carrier,
        trackingNumber: tracking(),
        parts: whole,
      },
    ];
  }
  const firstParts =
    lines.length > 1
      ? whole.slice(0, Math.ceil(lines.length / 2))
      : [
          {
            line: 0,
            quantity: Math.max(1, Math.floor(onlyLine.quantity * (0.4 + random.next() * 0.3))),
          },
        ];
  const rest = whole.flatMap(({ line, quantity }) => {
    const left = quantity - (firstParts.find((part) => part.line === line)?.quantity ?? 0);
    return left > 0 ? [{ line, quantity: left }] : [];
  });
  const second = nextWorkingMoment(new Date(first.getTime() + random.int(1, 7) * DAY_MS), random);
  return [
    {
      id: nextShipmentId(),
      sequence: 0,
      at: first,
      carrier,
      trackingNumber: tracking(),
      parts: firstParts,
    },
    {
      id: nextShipmentId(),
      sequence: 0,
      at: second,
      carrier,
      trackingNumber: tracking(),
      parts: rest,
    },
  ];
}

/** What happened after the payment, up to `now`: shipments, cancellations, refunds. */
function planAfterPayment(
  checkout: PlannedCheckout,
  paidAt: Date,
  now: Date,
  random: Random,
  ids: { shipment: () => string; creditNote: () => string },
): void {
  const fate = random.next();
  const refundId = () => `re_test_${random.hex(12)}`;
  const note = (
    kind: PlannedCreditNote['kind'],
    line: number,
    cents: number,
    at: Date,
  ): PlannedCreditNote => ({
    id: ids.creditNote(),
    year: 0,
    sequence: 0,
    at,
    kind,
    line,
    cents,
    refundId: refundId(),
  });
  if (fate < CANCELLED_REFUNDED_SHARE + CANCELLED_KEPT_SHARE) {
    const at = new Date(paidAt.getTime() + random.int(30, 72 * 60) * MINUTE_MS);
    if (at > now) return;
    const refund = fate < CANCELLED_REFUNDED_SHARE;
    checkout.cancellation = { at, refund };
    if (!refund) return;
    checkout.creditNotes = checkout.lines.map((line, index) =>
      note('cancellation', index, lineCents(line), at),
    );
    // Nothing of it left: its shipping goes back too, on a credit note of its own.
    if (checkout.shippingCents > 0) {
      checkout.creditNotes.push(note('shipping', 0, checkout.shippingCents, at));
    }
    return;
  }
  checkout.shipments = planShipments(checkout, paidAt, random, ids.shipment).filter(
    (shipment) => shipment.at <= now,
  );
  const last = checkout.shipments.at(-1);
  if (!last) return;
  const shippedAll = checkout.lines.every(
    (line, index) =>
      checkout.shipments
        .flatMap((shipment) => shipment.parts)
        .filter((part) => part.line === index)
        .reduce((sum, part) => sum + part.quantity, 0) === line.quantity,
  );
  if (!shippedAll) return;
  const after = random.next();
  const at = new Date(last.at.getTime() + random.int(2, 25) * DAY_MS + random.int(0, 8) * HOUR_MS);
  if (at > now) return;
  const line = random.int(0, checkout.lines.length - 1);
  const amount = lineCents(checkout.lines[line]!);
  if (after < PART_REFUND_SHARE) {
    const cents = Math.max(100, Math.round((amount * (0.05 + random.next() * 0.25)) / 100) * 100);
    if (cents >= amount) return;
    checkout.partRefund = { line, at, cents };
    checkout.creditNotes = [note('refund', line, cents, at)];
  } else if (after < PART_REFUND_SHARE + LINE_CANCEL_SHARE) {
    checkout.lineCancellation = { line, at };
    checkout.creditNotes = [note('cancellation', line, amount, at)];
  }
}

/** Numbers in time order, each year from 1: invoices by payment, credit notes by issue. */
function numberByYear<T>(
  items: T[],
  atOf: (item: T) => Date,
  assign: (item: T, year: number, sequence: number) => void,
): Map<number, number> {
  const last = new Map<number, number>();
  items.sort((a, b) => atOf(a).getTime() - atOf(b).getTime());
  for (const item of items) {
    const year = atOf(item).getUTCFullYear();
    const sequence = (last.get(year) ?? 0) + 1;
    last.set(year, sequence);
    assign(item, year, sequence);
  }
  return last;
}

/**
 * Plans `options.orders` orders (lines of checkouts) over the year before `now`, and the
 * abandoned checkouts beside them (about 6% more checkouts, whose lines the expiry deleted).
 * The same options and seed give the same plan.
 */
export function planOrders(options: OrdersPlanOptions): OrdersPlan {
  const { seed, now } = options;
  const random = seededRandom(seed, 'orders');
  const calendar = createOrderCalendar(now, 365);
  const holdMs = options.orderHoldHours * HOUR_MS;

  // How many checkouts make the orders asked for (the last one takes what is left).
  const lineCounts: number[] = [];
  for (let placed = 0; placed < options.orders;) {
    const count = Math.min(random.weighted(LINE_COUNT_WEIGHTS), options.orders - placed);
    lineCounts.push(count);
    placed += count;
  }
  const abandoned = Math.round((lineCounts.length * ABANDONED_SHARE) / (1 - ABANDONED_SHARE));
  const moments = [
    ...lineCounts.map((lines) => ({ lines, at: calendar.draw(random) })),
    ...Array.from({ length: abandoned }, () => ({
      lines: 0,
      at: calendar.draw(random, { notAfter: now.getTime() - holdMs }),
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());

  const toolOrder = shuffledIndexes(options.tools.length, random);
  const customerOrder = shuffledIndexes(options.customers.length, random);
  let lineOrdinal = 0;
  let shipmentOrdinal = 0;
  let creditNoteOrdinal = 0;
  const ids = {
    line: () => scaleId(seed, 'order', lineOrdinal++),
    shipment: () => scaleId(seed, 'shipment', shipmentOrdinal++),
    creditNote: () => scaleId(seed, 'credit-note', creditNoteOrdinal++),
  };
  const unpaidOf = new Map<string, { checkouts: number; cents: number }>();

  const checkouts = moments.map(({ lines: lineCount, at }, ordinal): PlannedCheckout => {
    const customer = options.customers[skewedPick(customerOrder, random, 1.6)]!;
    const lines =
      lineCount > 0 ? planLines(lineCount, at, options, toolOrder, random, ids.line) : [];
    const goodsCents = lines.reduce((sum, line) => sum + lineCents(line), 0);
    const checkout: PlannedCheckout = {
      ordinal,
      id: scaleId(seed, 'checkout', ordinal),
      customer,
      createdAt: at,
      poNumber: random.chance(0.4) ? `PO-${at.getUTCFullYear()}-${random.int(10_000, 99_999)}` : '',
      idempotencyKey: scaleId(seed, 'idempotency-key', ordinal),
      requestDigest: random.bytes(32).toString('base64url'),
      lines,
      // An abandoned checkout was charged for goods the sweep took back: any of the usual sizes.
      shippingCents:
        shippingChargeOf(
          options.shippingRates,
          lines.length > 0 ? goodsCents : random.int(20_000, 500_000),
        ) ?? 0,
      payment: null,
      shipments: [],
      cancellation: null,
      lineCancellation: null,
      partRefund: null,
      creditNotes: [],
    };
    if (lines.length === 0) return checkout;
    let paidAt = new Date(at.getTime() + paymentDelayMs(random, options.orderHoldHours));
    if (paidAt > now || random.chance(ABANDONED_SHARE)) {
      // Not paid (yet): an account holds only so many unpaid checkouts, for so much; past those
      // the buyer would have paid one to place the next.
      const held = unpaidOf.get(customer.id) ?? { checkouts: 0, cents: 0 };
      const total = goodsCents + checkout.shippingCents;
      const recent = now.getTime() - at.getTime() < holdMs;
      if (
        recent &&
        held.checkouts < options.maxUnpaidCheckouts &&
        held.cents + total <= options.unpaidHoldLimitCents
      ) {
        unpaidOf.set(customer.id, { checkouts: held.checkouts + 1, cents: held.cents + total });
        return checkout;
      }
      paidAt = new Date(
        at.getTime() +
          Math.max(MINUTE_MS, (Math.min(paidAt.getTime(), now.getTime()) - at.getTime()) / 2),
      );
    }
    const intentAt = new Date(
      Math.max(at.getTime() + 5_000, paidAt.getTime() - random.int(20, 180) * 1000),
    );
    const intentId = `pi_test_${random.hex(12)}`;
    checkout.payment = {
      at: paidAt,
      intentAt,
      intentId,
      clientSecret: `${intentId}_secret_${random.hex(12)}`,
      invoiceId: scaleId(seed, 'invoice', ordinal),
      invoiceYear: 0,
      invoiceSequence: 0,
    };
    planAfterPayment(checkout, paidAt, now, random, ids);
    return checkout;
  });

  const paid = checkouts.filter((checkout) => checkout.payment);
  const invoiceSequences = numberByYear(
    paid,
    (checkout) => checkout.payment!.at,
    (checkout, year, sequence) => {
      checkout.payment!.invoiceYear = year;
      checkout.payment!.invoiceSequence = sequence;
    },
  );
  const notes = checkouts.flatMap((checkout) => checkout.creditNotes);
  const creditNoteSequences = numberByYear(
    notes,
    (note) => note.at,
    (note, year, sequence) => {
      note.year = year;
      note.sequence = sequence;
    },
  );
  const shipments = checkouts.flatMap((checkout) => checkout.shipments);
  shipments.sort((a, b) => a.at.getTime() - b.at.getTime());
  shipments.forEach((shipment, index) => (shipment.sequence = index + 1));
  return {
    checkouts,
    invoiceSequences,
    creditNoteSequences,
    lastShipmentSequence: shipments.length,
  };
}
