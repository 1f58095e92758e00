import { z } from 'zod';
import { IdSchema, MoneySchema, priceSchema, textSchema, wholeNumberSchema } from './common.ts';
import { canShip, type OrderStatus } from './order-status.ts';
import { ManagedOrderSchema } from './orders.ts';
import { shipmentTexts } from './shipment-texts.ts';

/**
 * Shipments (issue 42): what an admin sends in one parcel (or one pallet) of a checkout's lines:
 * the whole checkout, chosen lines, or part of a line's quantity; carrier and tracking number
 * typed once for all of it. Each has its own number ('SH-00042'), its packing slip and its
 * e-mail to the buyer, and can be undone within UNSHIP_WINDOW_MS. The spec's Ship of one order
 * (PATCH /manageOrders/{id}/ship) is a shipment of what is left of that one line.
 */

/** The most lines one shipment request may name (a checkout has at most as many lines). */
export const SHIPMENT_MAX_LINES = 500;

/** A line to ship: the order, and how many of it (absent: all that is left of it). */
export const ShipmentLineInputSchema = z.object({
  orderId: IdSchema,
  quantity: wholeNumberSchema('quantity', { min: 1 }).optional(),
});

const trackingFields = {
  carrier: textSchema('carrier', { max: 100, required: false }).optional(),
  trackingNumber: textSchema('tracking number', { max: 100, required: false }).optional(),
};

/**
 * POST /manageCheckouts/{id}/shipments: the lines to ship (absent: everything of the checkout
 * still to ship, whole), with an optional carrier and tracking number for the whole shipment.
 */
export const CreateShipmentSchema = z.object({
  lines: z
    .array(ShipmentLineInputSchema)
    .min(1, { error: shipmentTexts.errors.noLines })
    .max(SHIPMENT_MAX_LINES, { error: shipmentTexts.errors.tooManyLines(SHIPMENT_MAX_LINES) })
    .optional(),
  ...trackingFields,
});
export type CreateShipment = z.input<typeof CreateShipmentSchema>;
export type CreateShipmentRequest = z.output<typeof CreateShipmentSchema>;

/** One line of a shipment: which order, what it is, and how many of it went in this parcel. */
export const ShipmentLineSchema = z.object({
  orderId: IdSchema,
  name: z.string(),
  sku: z.string(),
  quantity: z.number().int().positive(),
});
export type ShipmentLine = z.infer<typeof ShipmentLineSchema>;

export const ShipmentSchema = z.object({
  _id: IdSchema,
  /** 'SH-' and its sequence number: what the packing slip and the e-mail call it. */
  number: z.string(),
  checkoutId: IdSchema,
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** Where the carrier shows the parcel's way, when the carrier is one we know; else null. */
  trackingUrl: z.string().nullable(),
  /** ISO 8601. */
  shippedAt: z.string(),
  /** ISO 8601, once undone; else null. An undone shipment stays, for the record. */
  undoneAt: z.string().nullable(),
  /** ISO 8601: until when it can be undone; null once undone. */
  undoUntil: z.string().nullable(),
  lines: z.array(ShipmentLineSchema),
});
export type Shipment = z.infer<typeof ShipmentSchema>;

/**
 * GET /manageCheckouts/{id}: a checkout as an admin ships it, its lines (each with how many of it
 * shipped) and its shipments, newest first.
 */
export const ManagedCheckoutSchema = z.object({
  _id: IdSchema,
  reference: z.string(),
  poNumber: z.string(),
  email: z.string(),
  address: z.string(),
  phone: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** What its shipping costs (issue 42); null while an admin is to quote it. */
  shipping: MoneySchema.nullable(),
  /** What of the shipping was given back. */
  shippingRefunded: MoneySchema,
  lines: z.array(ManagedOrderSchema),
  shipments: z.array(ShipmentSchema),
});

/** POST /manageCheckouts/{id}/shipping: a quoted checkout's shipping, as an admin sets it. */
export const SetCheckoutShippingSchema = z.object({
  // 0 (free) or a price, each refused in the price's words.
  amount: z.union([z.number(), z.string()]).transform((value, context) => {
    if (String(value).trim() !== '' && Number(value) === 0) return 0;
    const price = priceSchema('shipping').safeParse(value);
    if (price.success) return price.data;
    for (const issue of price.error.issues)
      context.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  }),
});
export type SetCheckoutShipping = z.input<typeof SetCheckoutShippingSchema>;
export type ManagedCheckout = z.infer<typeof ManagedCheckoutSchema>;

/** POST .../shipments (201) and POST /manageShipments/{id}/undo: the shipment, and the checkout now. */
export const ShipmentResponseSchema = z.object({
  shipment: ShipmentSchema,
  checkout: ManagedCheckoutSchema,
});
export type ShipmentResponse = z.infer<typeof ShipmentResponseSchema>;

/** A line's quantity still to ship: ordered, less what its standing shipments took. */
export function quantityToShip(line: { quantity: number; shippedQuantity: number }): number {
  return line.quantity - line.shippedQuantity;
}

/** A line a shipment may take something of: shippable, and not all of it shipped already. */
export function hasLeftToShip(line: {
  status: OrderStatus;
  quantity: number;
  shippedQuantity: number;
}): boolean {
  return canShip(line.status) && quantityToShip(line) > 0;
}

/** 'SH-' and the shipment's sequence number, five digits at least: 'SH-00042'. */
export function shipmentNumber(sequence: number): string {
  return `SH-${String(sequence).padStart(5, '0')}`;
}

/**
 * The carriers whose tracking pages we link to, by the name an admin types (any case, spaces
 * and dots ignored): where the parcel's tracking number is followed.
 */
const TRACKING_PAGES = new Map<string, (trackingNumber: string) => string>(
  Object.entries({
    ups: (n: string) => `https://www.ups.com/track?tracknum=${n}`,
    fedex: (n: string) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
    dhl: (n: string) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${n}`,
    usps: (n: string) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
    royalmail: (n: string) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
    dpd: (n: string) => `https://track.dpd.co.uk/parcels/${n}`,
  }),
);

/** The carrier's tracking page for the parcel, when both are known and the carrier is one we link to. */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber) return null;
  // A Map, not an object's keys: a carrier typed '__proto__' or 'constructor' is no carrier of
  // ours (found by the bad-input property test: the object's prototype was called).
  const page = TRACKING_PAGES.get(carrier.toLowerCase().replace(/[\s.]/g, ''));
  return page ? page(encodeURIComponent(trackingNumber.trim())) : null;
}
