import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import {
  dollarsToCents,
  ManagedCheckoutSchema,
  SalesOverviewSchema,
  type Checkout,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { payCheckout, placeTestCheckout } from '../../testing/checkouts.ts';
import { createTestTool } from '../../testing/factories.ts';
import { injectAs } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { creditNotes } from '../invoices/invoices.table.ts';

/** Every checkout pays $15.00 of shipping, given back only when nothing of it shipped. */
const SHIPPING_CENTS = 1500;
const it = appTest({
  config: {
    ...UNCAPPED_ORDERS,
    shippingRates: { kind: 'charged', bands: [{ from: 0, charge: SHIPPING_CENTS / 100 }] },
  },
});

/** The checkout every run starts from: three lines, of awkward prices (cents that do not round). */
const LINES = [
  { priceCents: 1999, quantity: 3 },
  { priceCents: 333, quantity: 7 },
  { priceCents: 12_345, quantity: 2 },
] as const;

/** What an admin does to a line of it: ship some, cancel (with or without a refund), refund part. */
type Step =
  | { kind: 'ship'; line: number; quantity: number }
  | { kind: 'cancel'; line: number; refund: boolean }
  | { kind: 'refund'; line: number; cents: number }
  | { kind: 'cancelCheckout'; line: number; refund: boolean };

const line = fc.integer({ min: 0, max: LINES.length - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('ship' as const),
      line,
      quantity: fc.integer({ min: 1, max: 7 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), line, refund: fc.boolean() }),
  },
  // Up to a little more than the dearest line, so that some ask for more than is left.
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      line,
      cents: fc.integer({ min: 1, max: 26_000 }),
    }),
  },
  // Rarer than the others: it ends most of what may follow.
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('cancelCheckout' as const),
      line,
      refund: fc.boolean(),
    }),
  },
);

/**
 * A failure prints its seed and path: REFUNDS_SEED=<seed> REFUNDS_PATH=<path> replays it.
 */
const replay = process.env.REFUNDS_SEED
  ? {
      seed: Number(process.env.REFUNDS_SEED),
      ...(process.env.REFUNDS_PATH ? { path: process.env.REFUNDS_PATH } : {}),
    }
  : {};

async function paidCheckout(app: App, buyer: TestAccount): Promise<Checkout> {
  const tools = await Promise.all(
    LINES.map(({ priceCents }) =>
      createTestTool(app, {
        name: `Property Tool ${crypto.randomUUID().slice(0, 8)}`,
        minOrderQuantity: 1,
        availableQuantity: 1_000,
        priceCents,
      }),
    ),
  );
  const checkout = await placeTestCheckout(
    app,
    buyer,
    tools.map((tool, index) => ({ tool, quantity: LINES[index]!.quantity })),
  );
  await payCheckout(app, buyer, checkout);
  return checkout;
}

/** What Sales says of the last 30 days, in cents. */
async function salesCents(app: App, admin: TestAccount) {
  const response = await injectAs(app, admin, { url: '/api/manageSales' });
  expect(response.statusCode, response.body).toBe(200);
  const { days } = SalesOverviewSchema.parse(response.json());
  return {
    revenue: days.reduce((sum, day) => sum + dollarsToCents(day.revenue), 0),
    refunded: days.reduce((sum, day) => sum + dollarsToCents(day.refunded), 0),
  };
}

/** The admin's step as the pages would send it; any refusal must be a 4xx in words. */
async function apply(app: App, admin: TestAccount, checkout: Checkout, taken: Step) {
  const order = checkout.lines[taken.line]!;
  const request =
    taken.kind === 'ship'
      ? {
          method: 'POST' as const,
          url: `/api/manageCheckouts/${checkout._id}/shipments`,
          payload: { lines: [{ orderId: order._id, quantity: taken.quantity }] },
        }
      : taken.kind === 'cancel' || taken.kind === 'cancelCheckout'
        ? {
            method: 'POST' as const,
            url:
              taken.kind === 'cancel'
                ? `/api/manageOrders/${order._id}/cancel`
                : `/api/manageCheckouts/${checkout._id}/cancel`,
            payload: { refund: taken.refund },
          }
        : {
            method: 'POST' as const,
            url: `/api/manageOrders/${order._id}/refunds`,
            payload: { amount: taken.cents / 100 },
          };
  const response = await injectAs(app, admin, request);
  expect(response.statusCode, `${JSON.stringify(taken)}: ${response.body}`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(response.json()).toMatchObject({ message: expect.stringMatching(/\w/) });
  }
}

describe('cancel and refund arithmetic (issue 42 item 3)', () => {
  it(
    'for any ships, cancellations and partial refunds, the lines, the credit notes, the CSV and Sales agree to the cent',
    { timeout: 600_000 },
    async ({ app, admin, customer }) => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
          const before = await salesCents(app, admin);
          const checkout = await paidCheckout(app, customer);
          for (const taken of steps) await apply(app, admin, checkout, taken);

          const page = ManagedCheckoutSchema.parse(
            (await injectAs(app, admin, { url: `/api/manageCheckouts/${checkout._id}` })).json(),
          );
          const paidCents =
            LINES.reduce((sum, { priceCents, quantity }) => sum + priceCents * quantity, 0) +
            SHIPPING_CENTS;
          const shippingBack = dollarsToCents(page.shippingRefunded);
          const refundedOf = new Map(page.lines.map((l) => [l._id, dollarsToCents(l.refunded)]));
          const refundedCents = [...refundedOf.values()].reduce((sum, cents) => sum + cents, 0);

          // Each line: never more given back than it cost, and exactly what its credit notes say.
          const notes = await app.database.db
            .select()
            .from(creditNotes)
            .where(inArray(creditNotes.orderId, [...refundedOf.keys()]));
          for (const l of page.lines) {
            expect(dollarsToCents(l.refunded)).toBeLessThanOrEqual(dollarsToCents(l.total));
            const credited = notes
              .filter((note) => note.orderId === l._id && note.kind !== 'shipping')
              .reduce((sum, note) => sum + note.totalCents, 0);
            expect(credited, l.reference).toBe(refundedOf.get(l._id));
          }

          // The checkout's head: what it is worth now and what went back add up to what was paid.
          const worthNow = page.lines.reduce(
            (sum, l) => sum + dollarsToCents(l.total) - dollarsToCents(l.refunded),
            0,
          );
          expect(worthNow + refundedCents + SHIPPING_CENTS).toBe(paidCents);

          // The shipping: all of it back or none; back only when every line is cancelled and
          // nothing shipped, with its one credit note.
          expect([0, SHIPPING_CENTS]).toContain(shippingBack);
          const shippingNotes = notes.filter((note) => note.kind === 'shipping');
          expect(shippingNotes.reduce((sum, note) => sum + note.totalCents, 0)).toBe(shippingBack);
          if (shippingBack > 0) {
            for (const l of page.lines) {
              expect(l.shippedQuantity, l.reference).toBe(0);
              expect(l.status, l.reference).toMatch(/^cancel/);
            }
          }

          // Sales: the revenue grew by what the checkout is worth now, refunds by what went back.
          const after = await salesCents(app, admin);
          expect(after.revenue - before.revenue).toBe(worthNow + SHIPPING_CENTS - shippingBack);
          expect(after.refunded - before.refunded).toBe(refundedCents + shippingBack);

          // The CSV's refunded column, line by line.
          const csv = (await injectAs(app, admin, { url: '/api/manageOrders.csv' })).body;
          for (const l of page.lines) {
            const record = csv
              .split('\r\n')
              .find((row) => row.startsWith(`line,`) && row.includes(l.reference));
            // Refunded: the fifth column from the end (shipping, tax, charged, tax mode after it).
            expect(record?.split(',').at(-5), l.reference).toBe(
              (refundedOf.get(l._id)! / 100).toFixed(2),
            );
          }
        }),
        { numRuns: 20, ...replay },
      );
    },
  );
});
