import { z } from 'zod';
import { MoneySchema } from './common.ts';
import { dollarsToCents } from './money.ts';

/**
 * What shipping costs (issue 42), as the shop is configured (SHIPPING_RATES): either charged from
 * a table of bands by the value of the goods (a flat charge is one band; free above an amount is
 * a band charging 0), or quoted by an admin after the checkout is placed. GET /shipping-rates
 * answers it; the server charges a checkout by it when placing it (shippingChargeOf).
 */
export const ShippingRatesSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('charged'),
    /**
     * From the lowest value up: the first starts at 0, each later one at a higher value. A
     * checkout whose goods are worth at least `from` (and less than the next band's) pays `charge`.
     */
    bands: z.array(z.object({ from: MoneySchema, charge: MoneySchema })).min(1),
  }),
  z.object({ kind: z.literal('quoted') }),
]);
export type ShippingRates = z.infer<typeof ShippingRatesSchema>;

/** The default: shipping is free (today's totals). */
export const FREE_SHIPPING: ShippingRates = { kind: 'charged', bands: [{ from: 0, charge: 0 }] };

/**
 * SHIPPING_RATES as an operator writes it (JSON), checked and turned into ShippingRates:
 * - `{"flat": 25}`: $25 per checkout;
 * - `{"flat": 25, "freeFrom": 500}`: $25, free from $500 of goods;
 * - `{"bands": [{"from": 0, "charge": 40}, {"from": 1000, "charge": 20}], "freeFrom": 5000}`;
 * - `{"quoted": true}`: an admin quotes the shipping of each checkout after it is placed.
 */
export const ShippingRatesSettingSchema = z
  .union([
    z.strictObject({ quoted: z.literal(true) }),
    z
      .strictObject({
        flat: MoneySchema.optional(),
        bands: z
          .array(z.strictObject({ from: MoneySchema, charge: MoneySchema }))
          .min(1)
          .optional(),
        freeFrom: MoneySchema.positive().optional(),
      })
      .refine((setting) => (setting.flat === undefined) !== (setting.bands === undefined), {
        message: 'give either "flat" or "bands" (or {"quoted": true})',
      })
      .refine(
        ({ bands }) =>
          !bands ||
          (bands[0]!.from === 0 && bands.every((b, i) => i === 0 || b.from > bands[i - 1]!.from)),
        { message: '"bands" must start "from": 0 and rise' },
      )
      .refine(
        ({ bands, freeFrom }) =>
          !bands || freeFrom === undefined || freeFrom > bands[bands.length - 1]!.from,
        { message: '"freeFrom" must be above the last band' },
      ),
  ])
  .transform((setting): ShippingRates => {
    if ('quoted' in setting) return { kind: 'quoted' };
    const bands = setting.bands ?? [{ from: 0, charge: setting.flat ?? 0 }];
    const free = setting.freeFrom === undefined ? [] : [{ from: setting.freeFrom, charge: 0 }];
    return { kind: 'charged', bands: [...bands, ...free] };
  });

/**
 * What shipping a checkout whose goods are worth `goodsCents` is charged, in cents; null when it
 * is quoted after ordering. The one rule the cart, the checkout and its payment all apply.
 */
export function shippingChargeOf(rates: ShippingRates, goodsCents: number): number | null {
  if (rates.kind === 'quoted') return null;
  let chargeCents = dollarsToCents(rates.bands[0]!.charge);
  for (const band of rates.bands) {
    if (dollarsToCents(band.from) <= goodsCents) chargeCents = dollarsToCents(band.charge);
  }
  return chargeCents;
}

/**
 * The next band that would charge less than `goodsCents` pays now, if any: how much more goods
 * it takes, and what shipping would then cost (the cart's 'Add $120.00 more for free shipping').
 */
export function cheaperShippingAbove(
  rates: ShippingRates,
  goodsCents: number,
): { moreCents: number; chargeCents: number } | null {
  const now = shippingChargeOf(rates, goodsCents);
  if (rates.kind === 'quoted' || now === null) return null;
  for (const band of rates.bands) {
    const fromCents = dollarsToCents(band.from);
    if (fromCents > goodsCents && dollarsToCents(band.charge) < now) {
      return { moreCents: fromCents - goodsCents, chargeCents: dollarsToCents(band.charge) };
    }
  }
  return null;
}
