import { eq, inArray } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import {
  CancelCheckoutResponseSchema,
  CartSchema,
  chargedTotalOf,
  documentAmounts,
  formatMoney,
  percentOf,
  RefundOrderResponseSchema,
  SalesOverviewSchema,
  serverTexts,
  texts,
  type ShippingRates,
  type ShopTaxMode,
  type TaxTerms,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest, instanceOnDatabase } from '../../testing/app-fixtures.ts';
import { checkOut, fillCart, postCheckout } from '../../testing/cart-lines.ts';
import { fetchCheckout, payCheckout } from '../../testing/checkouts.ts';
import { placeTestOrder } from '../../testing/orders.ts';
import { callAs, companyWithBuyer } from '../../testing/companies.ts';
import { companyOnTerms, toolAt } from '../../testing/on-account.ts';
import { readPdf } from '../../testing/pdf.ts';
import { injectAs } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { orders } from '../orders/orders.table.ts';
import { creditNotes, invoices } from './invoices.table.ts';

// Issue 45 item 4: tax included in list prices (the default) or added on top, and reverse charge
// for a tax-exempt company. The cart, the checkout, the payment, the invoice, each credit note,
// the CSV and Sales agree to the cent, whatever the quantities, prices and rates.

const words = serverTexts.invoice;
const SHIPPING: ShippingRates = { kind: 'charged', bands: [{ from: 0, charge: 12.35 }] };
const SHIPPING_CENTS = 1235;

/** The dollars a PDF prints after `label` ('Net amount $1,234.56 USD'), in cents. */
function centsAfter(text: string, label: string): number {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`${escaped} \\$([\\d,]+\\.\\d\\d) USD`).exec(text);
  if (!found) throw new Error(`"${label}" with an amount is not in: ${text}`);
  return Math.round(Number(found[1]!.replaceAll(',', '')) * 100);
}

/**
 * A document's net amount and tax as its PDF prints them, which must add up to `grossCents` (the
 * total it prints too).
 */
function expectDocumentAddsUp(text: string, terms: TaxTerms, grossCents: number) {
  const percent = String(percentOf(terms.mode === 'reverse-charge' ? 0 : terms.rateBasisPoints));
  const net = centsAfter(text, words.net);
  const tax = centsAfter(text, words.tax(percent));
  expect(net + tax).toBe(grossCents);
  expect(text).toContain(`${formatMoney(grossCents / 100)} USD`);
  return { net, tax };
}

async function pdfText(app: App, account: TestAccount, url: string): Promise<string> {
  const response = await injectAs(app, account, { url });
  expect(response.statusCode, response.body).toBe(200);
  return (await readPdf(response.rawPayload)).text;
}

async function todaysRevenueCents(app: App, admin: TestAccount): Promise<number> {
  const response = await callAs(app, admin, 'GET', '/api/manageSales');
  expect(response.statusCode, response.body).toBe(200);
  const day = SalesOverviewSchema.parse(response.json()).days.at(-1);
  return Math.round((day?.revenue ?? 0) * 100);
}

/** The CSV's record of a checkout (its 'checkout' record, or its one line's 'order' record). */
async function csvRecordOf(app: App, admin: TestAccount, reference: string, lineReference: string) {
  const response = await callAs(app, admin, 'GET', '/api/manageOrders.csv');
  expect(response.statusCode).toBe(200);
  const [header, ...records]: string[][] = parse(response.body, {
    bom: true,
    record_delimiter: '\r\n',
  });
  const column = (name: string) => header!.indexOf(name);
  const record = records.find(
    (cells) =>
      (cells[column('record')] === 'checkout' &&
        cells[column('checkout reference')] === reference) ||
      (cells[column('record')] === 'order' && cells[column('reference')] === lineReference),
  );
  if (!record) throw new Error(`no record of ${reference} in the CSV`);
  const cents = (name: string) => Math.round(Number(record[column(name)]) * 100);
  return {
    charged: cents(texts.manageOrders.csv.columns.charged),
    tax: cents(texts.manageOrders.csv.columns.tax),
    taxMode: record[column(texts.manageOrders.csv.columns.taxMode)],
  };
}

const MODES: [ShopTaxMode, number][] = [
  ['included', 2000],
  ['added', 2000],
  ['added', 750],
  ['added', 1925],
];

// Each mode and rate its own app (a test's fixtures are its file's: made here, not in a describe).
const APPS = MODES.map(([mode, rateBasisPoints]) => ({
  mode,
  rateBasisPoints,
  it: appTest({
    config: {
      ...UNCAPPED_ORDERS,
      taxMode: mode,
      taxRateBasisPoints: rateBasisPoints,
      shippingRates: SHIPPING,
    },
  }),
}));

describe.each(APPS)(
  'TAX_MODE=$mode at $rateBasisPoints basis points',
  ({ mode, rateBasisPoints, it }) => {
    const terms: TaxTerms = { mode, rateBasisPoints };

    it('the cart, the checkout, the card payment, the invoice, each credit note, the CSV and Sales agree to the cent', async ({
      app,
      admin,
      customer,
    }) => {
      let tools = 0;
      const lines = fc.array(
        fc.record({
          priceCents: fc.integer({ min: 1, max: 250_000 }),
          quantity: fc.integer({ min: 2, max: 40 }),
        }),
        { minLength: 1, maxLength: 4 },
      );
      await fc.assert(
        fc.asyncProperty(
          lines,
          fc.double({ min: 0.05, max: 0.95, noNaN: true }),
          async (wanted, share) => {
            const placedTools = [];
            for (const line of wanted) {
              tools += 1;
              placedTools.push({
                tool: await toolAt(app, `Tax ${mode} ${rateBasisPoints} ${tools}`, line.priceCents),
                quantity: line.quantity,
              });
            }
            const goodsCents = wanted.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
            const chargedCents = chargedTotalOf(terms, goodsCents + SHIPPING_CENTS);

            // The cart: what the checkout would be charged, with the tax.
            await fillCart(app, customer, placedTools);
            const cart = CartSchema.parse((await callAs(app, customer, 'GET', '/api/cart')).json());
            expect(Math.round(cart.total * 100)).toBe(chargedCents);
            expect(cart.tax).toEqual({
              mode,
              rate: percentOf(rateBasisPoints),
              amount:
                documentAmounts(terms, chargedCents, chargedCents - goodsCents - SHIPPING_CENTS)
                  .taxCents / 100,
            });

            // The checkout, placed at the cart's total (a 409 otherwise).
            const { checkout } = await checkOut(app, customer, { expectedTotal: cart.total });
            expect(checkout.total).toBe(cart.total);
            expect(checkout.tax).toEqual(cart.tax);

            // The card payment: its intent is made for the checkout's total (409 otherwise).
            const revenueBefore = await todaysRevenueCents(app, admin);
            await payCheckout(app, customer, checkout);
            const [invoice] = await app.database.db
              .select()
              .from(invoices)
              .where(eq(invoices.checkoutId, checkout._id));
            expect(invoice?.totalCents).toBe(chargedCents);
            const invoiceText = await pdfText(
              app,
              customer,
              `/api/checkouts/${checkout._id}/invoice.pdf`,
            );
            const printed = expectDocumentAddsUp(invoiceText, terms, chargedCents);
            if (mode === 'added') {
              expect(printed.net).toBe(goodsCents + SHIPPING_CENTS);
              expect(invoiceText).toContain(words.taxAdded(String(percentOf(rateBasisPoints))));
            } else {
              expect(invoiceText).toContain(
                words.pricesIncludeTax(String(percentOf(rateBasisPoints))),
              );
            }
            // Sales counts the money taken (the tax with it, as a tax-inclusive price has it).
            expect((await todaysRevenueCents(app, admin)) - revenueBefore).toBe(chargedCents);
            const reference = checkout.reference;
            const csv = await csvRecordOf(app, admin, reference, checkout.lines[0]!.reference);
            expect(csv).toEqual({ charged: chargedCents, tax: printed.tax, taxMode: mode });

            // Part of the first line given back: its credit note adds up, and names what went back.
            const [first] = checkout.lines;
            const [firstRow] = await app.database.db
              .select()
              .from(orders)
              .where(eq(orders.id, first!._id));
            const lineCharge = firstRow!.unitPriceCents * firstRow!.quantity + firstRow!.taxCents;
            const partCents = Math.max(1, Math.floor(lineCharge * share));
            if (partCents < lineCharge) {
              const refunded = await callAs(
                app,
                admin,
                'POST',
                `/api/manageOrders/${first!._id}/refunds`,
                {
                  amount: (partCents / 100).toFixed(2),
                },
              );
              expect(refunded.statusCode, refunded.body).toBe(200);
              const { creditNote } = RefundOrderResponseSchema.parse(refunded.json());
              const noteText = await pdfText(app, customer, `/api/creditNotes/${creditNote.id}`);
              expectDocumentAddsUp(noteText, terms, partCents);
            }

            // The whole checkout cancelled with its refunds: every credit note adds up, and together
            // they give back what was charged, its tax exactly.
            const cancelled = await callAs(
              app,
              admin,
              'POST',
              `/api/manageCheckouts/${checkout._id}/cancel`,
              {},
            );
            expect(cancelled.statusCode, cancelled.body).toBe(200);
            const { creditNotes: issued } = CancelCheckoutResponseSchema.parse(cancelled.json());
            for (const note of issued) {
              const noteText = await pdfText(app, customer, `/api/creditNotes/${note.id}`);
              expectDocumentAddsUp(noteText, terms, Math.round(note.amount * 100));
            }
            const notes = await app.database.db
              .select()
              .from(creditNotes)
              .where(eq(creditNotes.invoiceId, invoice!.id));
            expect(notes.reduce((sum, note) => sum + note.totalCents, 0)).toBe(chargedCents);
            expect(notes.reduce((sum, note) => sum + note.taxCents, 0)).toBe(invoice!.taxCents);
            const rows = await app.database.db
              .select()
              .from(orders)
              .where(
                inArray(
                  orders.id,
                  checkout.lines.map((l) => l._id),
                ),
              );
            for (const row of rows) {
              expect(row.refundedCents).toBe(row.unitPriceCents * row.quantity + row.taxCents);
            }
            // Sales: nothing of it kept.
            expect(await todaysRevenueCents(app, admin)).toBe(revenueBefore);
          },
        ),
        { numRuns: 3, endOnFailure: true },
      );
    });

    it('a tax-exempt company: reverse charge at 0 % on the cart and its invoice on account, with the legal note', async ({
      app,
      admin,
    }) => {
      // Its tax number given when it was created: an exemption needs one.
      const company = await companyWithBuyer(app, {
        legalName: `Exempt ${mode} ${rateBasisPoints} GmbH`,
        taxNumber: 'DE123456789',
      });
      const exempt = await callAs(
        app,
        admin,
        'PUT',
        `/api/manageCompanies/${company.companyId}/terms`,
        { paymentTermsDays: 30, creditLimit: 100_000, poNumberRequired: false, taxExempt: true },
      );
      expect(exempt.statusCode, exempt.body).toBe(200);
      const tool = await toolAt(app, `Exempt rasp ${mode} ${rateBasisPoints}`, 4_999);
      await fillCart(app, company.buyer, [{ tool, quantity: 7 }]);
      const cart = CartSchema.parse((await callAs(app, company.buyer, 'GET', '/api/cart')).json());
      const chargedCents = 7 * 4_999 + SHIPPING_CENTS;
      expect(cart.tax).toEqual({ mode: 'reverse-charge', rate: 0, amount: 0 });
      expect(Math.round(cart.total * 100)).toBe(chargedCents);

      const { checkout } = await checkOut(app, company.buyer, {
        payment: 'account',
        poNumber: 'PO-RC',
      });
      expect(checkout.status).toBe('invoiced');
      const text = await pdfText(app, company.buyer, `/api/checkouts/${checkout._id}/invoice.pdf`);
      const printed = expectDocumentAddsUp(
        text,
        { mode: 'reverse-charge', rateBasisPoints: 0 },
        chargedCents,
      );
      expect(printed.tax).toBe(0);
      expect(text).toContain(words.reverseCharge);
      expect(text).toContain(words.taxNumber('DE123456789'));
      const [row] = await app.database.db
        .select()
        .from(orders)
        .where(eq(orders.checkoutId, checkout._id));
      expect(row).toMatchObject({ taxMode: 'reverse-charge', taxRateBasisPoints: 0, taxCents: 0 });
    });

    it("a one-line POST /order is taxed as a checkout is, and a tax-exempt company's is reverse charged", async ({
      app,
      admin,
      customer,
    }) => {
      const tool = await toolAt(app, `One-line plane ${mode} ${rateBasisPoints}`, 3_333);
      const order = await placeTestOrder(app, customer, tool, { quantity: 7 });
      const checkout = await fetchCheckout(app, customer, order.checkoutId);
      const chargedCents = chargedTotalOf(terms, 7 * 3_333 + SHIPPING_CENTS);
      expect(Math.round(checkout.total * 100)).toBe(chargedCents);
      expect(Math.round((order.tax + checkout.shippingTax) * 100)).toBe(
        chargedCents - 7 * 3_333 - SHIPPING_CENTS,
      );

      // A buyer of a tax-exempt company: the one statement that places it keeps reverse charge.
      const company = await companyWithBuyer(app, {
        legalName: `One-line exempt ${mode} ${rateBasisPoints} BV`,
        taxNumber: 'NL123456789B01',
      });
      const exempt = await callAs(
        app,
        admin,
        'PUT',
        `/api/manageCompanies/${company.companyId}/terms`,
        { paymentTermsDays: null, creditLimit: 0, poNumberRequired: false, taxExempt: true },
      );
      expect(exempt.statusCode, exempt.body).toBe(200);
      const theirs = await placeTestOrder(app, company.buyer, tool, { quantity: 7 });
      expect(theirs.tax).toBe(0);
      const [row] = await app.database.db.select().from(orders).where(eq(orders.id, theirs._id));
      expect(row).toMatchObject({ taxMode: 'reverse-charge', taxRateBasisPoints: 0, taxCents: 0 });
      const their = await fetchCheckout(app, company.buyer, theirs.checkoutId);
      expect(their.tax).toEqual({ mode: 'reverse-charge', rate: 0, amount: 0 });
      expect(Math.round(their.total * 100)).toBe(7 * 3_333 + SHIPPING_CENTS);
    });

    it('the credit limit counts what a checkout on account is charged, the tax added on top included', async ({
      app,
      admin,
    }) => {
      const netCents = 10 * 10_000 + SHIPPING_CENTS;
      const chargedCents = chargedTotalOf(terms, netCents);
      // A limit a cent short of the charge: refused when the tax is added, placed when included.
      const company = await companyOnTerms(app, admin, `Limit ${mode} ${rateBasisPoints} Ltd`, {
        paymentTermsDays: 30,
        creditLimit: (netCents + (chargedCents > netCents ? 1 : 0)) / 100,
      });
      const tool = await toolAt(app, `Limit chisel ${mode} ${rateBasisPoints}`);
      await fillCart(app, company.buyer, [{ tool, quantity: 10 }]);
      const response = await postCheckout(app, company.buyer, {
        payment: 'account',
        poNumber: 'PO-L',
      });
      if (chargedCents > netCents) {
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json().message).toBe(
          texts.checkout.errors.overCreditLimit(chargedCents / 100, (netCents + 1) / 100),
        );
      } else {
        expect(response.statusCode, response.body).toBe(201);
      }
    });
  },
);

// The shop changes its mind: an instance placing with tax included at 20 %, and one on the same
// database after the shop switched to tax added on top (TAX_MODE=added) at 7.5 %.
const itSwitches = appTest({ config: UNCAPPED_ORDERS })
  .extend(
    'app',
    { scope: 'file' },
    instanceOnDatabase({
      config: { taxMode: 'included', taxRateBasisPoints: 2000, shippingRates: SHIPPING },
    }),
  )
  .extend(
    'later',
    { scope: 'file' },
    instanceOnDatabase({
      config: { taxMode: 'added', taxRateBasisPoints: 750, shippingRates: SHIPPING },
    }),
  );

describe('each order keeps the tax mode and rate of the day it was placed', () => {
  itSwitches(
    'a checkout placed with tax included is paid and invoiced so after the shop adds tax on top; a new one is added',
    async ({ app, later, customer }) => {
      const tool = await toolAt(app, 'Switching mallet', 2_500);
      // 12 at $25.00 and $12.35 of shipping: $312.35, tax included at 20 %.
      await fillCart(app, customer, [{ tool, quantity: 12 }]);
      const { checkout: before } = await checkOut(app, customer);
      expect(before.total).toBe(312.35);

      // Paid through the instance whose shop now adds 7.5 %: the same total, the same invoice.
      await payCheckout(later, customer, before);
      const text = await pdfText(later, customer, `/api/checkouts/${before._id}/invoice.pdf`);
      const kept: TaxTerms = { mode: 'included', rateBasisPoints: 2000 };
      expectDocumentAddsUp(text, kept, 31_235);
      expect(text).toContain(words.pricesIncludeTax('20'));
      expect(text).not.toContain(words.taxAdded('7.5'));

      // A checkout placed after the switch: 7.5 % on top of $312.35 is $23.43.
      await fillCart(later, customer, [{ tool, quantity: 12 }]);
      const { checkout: after } = await checkOut(later, customer);
      expect(after.total).toBe(335.78);
      expect(after.tax).toEqual({ mode: 'added', rate: 7.5, amount: 23.43 });
      const rows = await app.database.db
        .select({
          checkoutId: orders.checkoutId,
          taxMode: orders.taxMode,
          rate: orders.taxRateBasisPoints,
        })
        .from(orders)
        .where(inArray(orders.checkoutId, [before._id, after._id]));
      expect(
        rows.sort((a, b) =>
          a.checkoutId === before._id ? -1 : b.checkoutId === before._id ? 1 : 0,
        ),
      ).toEqual([
        { checkoutId: before._id, taxMode: 'included', rate: 2000 },
        { checkoutId: after._id, taxMode: 'added', rate: 750 },
      ]);
    },
  );
});
